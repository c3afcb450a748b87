import type { FieldErrors, FieldValues, Resolver, ResolverOptions } from 'react-hook-form';

/**
 * Adds checks a shared schema does not hold (a licence file, a repeated password) to a resolver,
 * over extra form fields `TExtra`, so every problem shows at once. `check` answers field →
 * message for what is wrong (undefined when fine). Usage: `withExtraChecks<Extra>()(base, check)`.
 */
export function withExtraChecks<TExtra extends FieldValues>() {
  return <TInput extends FieldValues, TContext, TOutput>(
      resolver: Resolver<TInput, TContext, TOutput>,
      check: (
        values: TInput & TExtra,
      ) => Partial<Record<keyof TExtra & string, string | undefined>>,
    ): Resolver<TInput & TExtra, TContext, TOutput> =>
    async (values, context, options) => {
      const result = await resolver(values, context, options as unknown as ResolverOptions<TInput>);
      const problems = Object.entries(check(values)).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      if (problems.length === 0 && Object.keys(result.errors).length === 0) {
        return { values: result.values as TOutput, errors: {} };
      }
      const errors: Record<string, unknown> = { ...result.errors };
      for (const [field, message] of problems) errors[field] = { type: 'validate', message };
      return { values: {}, errors: errors as FieldErrors<TInput & TExtra> };
    };
}
