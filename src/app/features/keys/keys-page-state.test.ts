import { describe, expect, it } from 'vitest';
import { initialKeysPageState as initial, keysPageReducer as reduce } from './keys-page-state';

const credentials = { apiKey: 'k3', secret: 's', passphrase: 'p' };
const problem = { title: 'T', detail: 'D' };

describe('keysPageReducer', () => {
  it('a created key joins a list on screen (last), but does not make an unlisted page listed', () => {
    const listed = reduce(initial, { type: 'listed', apiKeys: ['k1', 'k2'] });
    const created = reduce(listed, { type: 'created', credentials });
    expect(created.apiKeys).toEqual(['k1', 'k2', 'k3']);
    expect(created.credentials).toEqual(credentials);
    expect(created.justCreated).toBe('k3');
    expect(reduce(initial, { type: 'created', credentials }).apiKeys).toBeNull();
  });

  it('"Done" forgets the credentials but keeps the key marked', () => {
    const done = reduce(reduce(initial, { type: 'created', credentials }), { type: 'credentials-done' });
    expect(done.credentials).toBeNull();
    expect(done.justCreated).toBe('k3');
  });

  it('a revoke opens with no old problem, a failure stays in the dialog, success closes it and drops the key', () => {
    let state = reduce(initial, { type: 'listed', apiKeys: ['k1', 'k2'] });
    state = reduce(state, { type: 'revoke-failed', problem });
    state = reduce(state, { type: 'revoke-asked', apiKey: 'k1' });
    expect(state).toMatchObject({ revoking: 'k1', revokeProblem: null });
    state = reduce(state, { type: 'revoke-failed', problem });
    expect(state).toMatchObject({ revoking: 'k1', revokeProblem: problem, problem: null });
    state = reduce(state, { type: 'revoked', apiKey: 'k1' });
    expect(state).toMatchObject({ revoking: null, revokeProblem: null, apiKeys: ['k2'] });
  });

  it('revoking the key just created takes its secret off the screen; revoking another keeps it', () => {
    let state = reduce(reduce(initial, { type: 'listed', apiKeys: ['k1'] }), {
      type: 'created',
      credentials,
    });
    state = reduce(state, { type: 'revoked', apiKey: 'k1' });
    expect(state.credentials).toEqual(credentials);
    state = reduce(state, { type: 'revoked', apiKey: 'k3' });
    expect(state).toMatchObject({ credentials: null, apiKeys: [] });
  });

  it('another account clears the list and the problem, not the credentials on screen', () => {
    let state = reduce(initial, { type: 'created', credentials });
    state = reduce(reduce(state, { type: 'listed', apiKeys: ['k3'] }), { type: 'failed', problem });
    state = reduce(state, { type: 'account-changed' });
    expect(state).toMatchObject({ apiKeys: null, problem: null, credentials });
    expect(reduce(reduce(initial, { type: 'failed', problem }), { type: 'started' }).problem).toBeNull();
  });
});
