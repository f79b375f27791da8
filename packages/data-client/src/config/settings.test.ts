import { describe, expect, it } from 'vitest';
import { DataClientError } from '../errors/data-client-errors.js';
import type { ModelClient } from '../graphql/model-client.js';
import { mergeSetting, saveSetting } from './settings.js';

describe('mergeSetting', () => {
  it('adds or replaces the key and keeps the other settings', () => {
    expect(JSON.parse(mergeSetting('{"a":1,"theme":"light"}', 'theme', 'dark'))).toEqual({ a: 1, theme: 'dark' });
    expect(JSON.parse(mergeSetting(null, 'k', { nested: true }))).toEqual({ k: { nested: true } });
    expect(JSON.parse(mergeSetting('not json', 'k', 1))).toEqual({ k: 1 });
  });
  it('sets the key in the first element of an array config', () => {
    expect(JSON.parse(mergeSetting('[{"sessionLength":60},{"x":1}]', 'sessionLength', 120))).toEqual([{ sessionLength: 120 }, { x: 1 }]);
  });
});

describe('saveSetting', () => {
  it("fails with 'No user is logged in' without a user", async () => {
    await expect(saveSetting({} as ModelClient, { user: null, config: null }, 'k', 1)).rejects.toEqual(new DataClientError('NoUserLoggedInError'));
    await expect(saveSetting({} as ModelClient, { user: undefined, config: null }, 'k', 1)).rejects.toThrow('No user is logged in');
  });
});
