import { describe, expect, it } from 'vitest';
import { serializeError } from './serialize-error.js';

/** A database failure as drizzle reports it: the query's parameters in its message and fields. */
function failedQuery(): Error {
  const cause = Object.assign(new Error('new row violates check constraint "city_check"'), {
    code: '23514',
    constraint: 'city_check',
    table: 'profiles',
    detail: 'Failing row contains (17 Canary Wharf Lane, Canaryville).',
    params: ['17 Canary Wharf Lane'],
  });
  const error = new Error(
    'Failed query: insert into "profiles" ("city") values ($1)\nparams: Canaryville,17 Canary Wharf Lane',
    { cause },
  );
  return Object.assign(error, { query: 'insert ...', params: ['Canaryville'] });
}

describe('serializeError (ASVS 5.0 V16.2.5)', () => {
  it('keeps what an operator needs and none of the failed request’s values', () => {
    const logged = JSON.stringify(serializeError(failedQuery()));
    expect(logged).not.toMatch(/Canary/);
    expect(serializeError(failedQuery())).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "profiles" ("city") values ($1)',
      cause: { code: '23514', constraint: 'city_check', table: 'profiles' },
    });
    expect(serializeError(failedQuery()).stack).toMatch(/\n\s+at /);
  });

  it('keeps a message string logged under err as it is', () => {
    const message = 'the provider answered 502' as unknown as Error;
    expect(serializeError(message)).toMatchObject({ message: 'the provider answered 502' });
  });
});
