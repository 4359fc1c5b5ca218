import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPrivateAddress, pinnedLookup, WebhookUrlError } from './address-guard.js';
import { signWebhook, webhookHeaders } from './signing.js';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '64:ff9b::a00:1',
    '[::1]',
    'não é ip',
  ])('%s is internal', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('checkWebhookUrl', () => {
  const reasonOf = async (url: string, resolve?: () => Promise<{ address: string; family: number }[]>) => {
    try {
      await checkWebhookUrl(url, { allowPrivate: false, ...(resolve ? { resolve } : {}) });
      return 'ok';
    } catch (error) {
      return error instanceof WebhookUrlError ? error.reason : String(error);
    }
  };

  it('refuses a name that resolves to any internal address (one of several is enough)', async () => {
    expect(
      await reasonOf('https://rebind.exemplo.com.br/x', async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]),
    ).toBe('PRIVATE_ADDRESS');
    expect(
      await reasonOf('https://publico.exemplo.com.br/x', async () => [
        { address: '93.184.215.14', family: 4 },
      ]),
    ).toBe('ok');
    expect(
      await reasonOf('https://nao-existe.exemplo.com.br/x', async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toBe('UNRESOLVABLE');
  });

  it('normalizes numeric forms of loopback before checking', async () => {
    expect(await reasonOf('http://2130706433/')).toBe('PRIVATE_ADDRESS');
    expect(await reasonOf('http://0x7f000001/')).toBe('PRIVATE_ADDRESS');
    expect(await reasonOf('http://[0:0:0:0:0:ffff:7f00:1]/')).toBe('PRIVATE_ADDRESS');
  });

  it('allows internal addresses only when the administrator does', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:9000/x', { allowPrivate: true })).resolves.toBe(
      'http://127.0.0.1:9000/x',
    );
  });
});

describe('pinnedLookup', () => {
  it('answers only the addresses checked, whatever the name resolves to now', () => {
    const lookup = pinnedLookup([{ address: '93.184.215.14', family: 4 }]);
    let answer: unknown[] = [];
    lookup('rebind.exemplo.com.br', {}, (...args: unknown[]) => {
      answer = args;
    });
    expect(answer).toEqual([null, '93.184.215.14', 4]);
    lookup('rebind.exemplo.com.br', { all: true }, (...args: unknown[]) => {
      answer = args;
    });
    expect(answer).toEqual([null, [{ address: '93.184.215.14', family: 4 }]]);
  });
});

describe('signing', () => {
  it('matches the Standard Webhooks reference vector', () => {
    // From the specification's test vectors (standard-webhooks/libraries).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    expect(webhookHeaders([secret, secret], 'msg_1', 1, '{}')['webhook-signature']?.split(' ')).toHaveLength(
      2,
    );
  });
});
