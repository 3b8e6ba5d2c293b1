import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('needs at least two database connections: the wallet keeps one while it is busy', () => {
    expect(readConfig({}).dbPoolSize).toBe(10);
    expect(readConfig({ DB_POOL_SIZE: '2' }).dbPoolSize).toBe(2);
    expect(() => readConfig({ DB_POOL_SIZE: '1' })).toThrow('DB_POOL_SIZE must be an integer of at least 2');
    expect(() => readConfig({ PORT: '-1' })).toThrow('PORT must be a non-negative integer');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, a hop count, or a list of proxy addresses; never "trust everything"', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toBe('10.0.0.1,10.1.0.0/16');
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY must be');
    expect(() => readConfig({ TRUST_PROXY: 'proxy.example' })).toThrow('TRUST_PROXY must be');
  });
});

describe('AVAILABILITY_CHECKS_PER_WINDOW', () => {
  it('is 30 by default, a count of at least 1, or unlimited (load benchmarks)', () => {
    expect(readConfig({}).availabilityChecksPerWindow).toBe(30);
    expect(readConfig({ AVAILABILITY_CHECKS_PER_WINDOW: '5' }).availabilityChecksPerWindow).toBe(5);
    expect(readConfig({ AVAILABILITY_CHECKS_PER_WINDOW: 'unlimited' }).availabilityChecksPerWindow).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(() => readConfig({ AVAILABILITY_CHECKS_PER_WINDOW: '0' })).toThrow(
      'must be an integer of at least 1',
    );
  });
});

describe('LIVE_STREAMS_PER_MEMBER and LIVE_STREAMS_PER_ADDRESS', () => {
  it('are 20 and 100 by default, counts of at least 1, or unlimited (load benchmarks)', () => {
    expect(readConfig({})).toMatchObject({ liveStreamsPerMember: 20, liveStreamsPerAddress: 100 });
    expect(readConfig({ LIVE_STREAMS_PER_MEMBER: '3', LIVE_STREAMS_PER_ADDRESS: 'unlimited' })).toMatchObject(
      { liveStreamsPerMember: 3, liveStreamsPerAddress: Number.POSITIVE_INFINITY },
    );
    expect(() => readConfig({ LIVE_STREAMS_PER_ADDRESS: '0' })).toThrow('must be an integer of at least 1');
  });
});

describe('SMS_PROVIDER', () => {
  const twilio = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'tok',
    TWILIO_FROM: '+15005550006',
  };
  it('is the sandbox outside production, none in production, or Twilio with its account', () => {
    expect(readConfig({}).smsProvider).toBe('sandbox');
    expect(
      readConfig({ NODE_ENV: 'production', TOTP_SECRET_KEY: 'ab'.repeat(32) }).smsProvider,
    ).toBeUndefined();
    expect(readConfig(twilio).twilio).toEqual({
      accountSid: 'AC1',
      authToken: 'tok',
      from: '+15005550006',
      apiUrl: 'https://api.twilio.com',
      defaultCountry: 'TH',
    });
    expect(readConfig({ ...twilio, SMS_DEFAULT_COUNTRY: 'kr' }).twilio?.defaultCountry).toBe('KR');
    expect(readConfig({}).twilio).toBeUndefined();
  });
  it('refuses Twilio without its account, an unknown country, or an unknown provider', () => {
    expect(() => readConfig({ ...twilio, TWILIO_AUTH_TOKEN: '' })).toThrow('TWILIO_AUTH_TOKEN must be set');
    expect(() => readConfig({ ...twilio, SMS_DEFAULT_COUNTRY: 'XX' })).toThrow('not a country code');
    expect(() => readConfig({ SMS_PROVIDER: 'nexmo' })).toThrow(
      'SMS_PROVIDER must be sandbox, twilio or none',
    );
  });
});

describe('TOTP_SECRET_KEY', () => {
  it('is required in production, 32 bytes as hex or base64, and a fixed development key elsewhere', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/TOTP_SECRET_KEY must be set in production/);
    const hex = 'ab'.repeat(32);
    expect(readConfig({ NODE_ENV: 'production', TOTP_SECRET_KEY: hex }).totpSecretKey).toEqual(
      Buffer.from(hex, 'hex'),
    );
    const b64 = Buffer.alloc(32, 9).toString('base64');
    expect(readConfig({ TOTP_SECRET_KEY: b64 }).totpSecretKey).toEqual(Buffer.alloc(32, 9));
    expect(() => readConfig({ TOTP_SECRET_KEY: 'short' })).toThrow(/32 bytes/);
    // The same at every start (sealed secrets must outlive a restart), in every process.
    expect(readConfig({}).totpSecretKey).toEqual(readConfig({}).totpSecretKey);
    expect(readConfig({}).totpSecretKey).toHaveLength(32);
  });

  it('takes an optional previous key for a rotation: 32 bytes, and not the current key again', () => {
    const current = 'ab'.repeat(32);
    expect(readConfig({ TOTP_SECRET_KEY: current }).totpSecretKeyPrevious).toBeUndefined();
    const previous = 'cd'.repeat(32);
    expect(
      readConfig({ TOTP_SECRET_KEY: current, TOTP_SECRET_KEY_PREVIOUS: previous }).totpSecretKeyPrevious,
    ).toEqual(Buffer.from(previous, 'hex'));
    expect(() => readConfig({ TOTP_SECRET_KEY: current, TOTP_SECRET_KEY_PREVIOUS: 'short' })).toThrow(
      /TOTP_SECRET_KEY_PREVIOUS must be 32 bytes/,
    );
    expect(() => readConfig({ TOTP_SECRET_KEY: current, TOTP_SECRET_KEY_PREVIOUS: current })).toThrow(
      /same key/,
    );
  });
});
