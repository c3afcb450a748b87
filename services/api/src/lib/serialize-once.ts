import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * The route's zod serializer, remembering the JSON of frozen answers by identity: an answer a
 * cache hands out again and again (`GET /api/me`'s remembered view, decision 63) is checked and
 * stringified once. Only frozen objects are remembered, so nothing can change under the memo;
 * anything else is serialized as usual.
 */
export const serializeFrozenOnce: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const done = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = done.get(data);
    if (json === undefined) {
      json = serialize(data);
      done.set(data, json);
    }
    return json;
  };
};
