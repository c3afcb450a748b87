import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type Selector = () => (...args: unknown[]) => unknown;

/** Fastify's own dependency, required from where Fastify finds it. */
function fromFastify(name: string): Selector {
  const fastify = createRequire(import.meta.url).resolve('fastify');
  return createRequire(fastify)(name) as Selector;
}

/**
 * Fastify's default schema compilers (Ajv, fast-json-stringify), required when a context first
 * compiles a JSON schema with them rather than by every `Fastify()`: the API validates and
 * serializes with zod (fastify-type-provider-zod), and requiring them cost every start about
 * 0.1 s of CPU (decision 68). Each is made once, as Fastify makes them.
 */
export function lazySchemaCompilers(): { compilersFactory: CompilersFactory } {
  let validator: ReturnType<Selector> | undefined;
  let serializer: ReturnType<Selector> | undefined;
  return {
    compilersFactory: {
      buildValidator: ((...args: unknown[]) =>
        (validator ??= fromFastify('@fastify/ajv-compiler')())(
          ...args,
        )) as CompilersFactory['buildValidator'],
      buildSerializer: ((...args: unknown[]) =>
        (serializer ??= fromFastify('@fastify/fast-json-stringify-compiler')())(
          ...args,
        )) as CompilersFactory['buildSerializer'],
    },
  };
}
