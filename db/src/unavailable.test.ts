// Which errors mean "PostgreSQL is away" (a 503 and a retry) and which are the statement's own
// (a 500, a refusal): issue 24, one classification for the web, the worker and readiness.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const pgError = (code: string, message = 'erro') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      '57P01 admin shutdown (pg_ctl restart -m fast)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['57P02 crash shutdown', pgError('57P02')],
    ['57P03 starting up', pgError('57P03', 'the database system is starting up')],
    ['53300 too many connections', pgError('53300')],
    ['08006 connection failure', pgError('08006')],
    ['08001 cannot establish', pgError('08001')],
    ['ECONNREFUSED', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', pgError('ECONNRESET', 'read ECONNRESET')],
    ['socket closed', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout (pg-pool)', new Error('timeout exceeded when trying to connect')],
    ['connect timeout (pg)', new Error('Connection terminated due to connection timeout')],
    ['a client already broken', new Error('Client has encountered a connection error and is not queryable')],
    ['refused on both addresses', new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')])],
    ['wrapped as a cause', new Error('falha', { cause: pgError('57P01') })],
  ])('%s → unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['serialization failure', pgError('40001')],
    ['deadlock', pgError('40P01')],
    ['syntax error', pgError('42601')],
    [
      'statement timeout (57014, same class as 57P01)',
      pgError('57014', 'canceling statement due to statement timeout'),
    ],
    ['a plain error', new Error('algo deu errado')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('%s → not unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('a cycle of causes ends', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
