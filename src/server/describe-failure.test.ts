import { describe, expect, it } from 'vitest';
import { describeFailure } from './describe-failure';

describe('describeFailure', () => {
  it('names every cause, innermost last', () => {
    const missing = new Error('relation "demo_catalog" does not exist');
    const query = new Error('Failed query: SELECT seed FROM demo_catalog', { cause: missing });
    expect(describeFailure(query)).toBe(
      'Failed query: SELECT seed FROM demo_catalog\n(relation "demo_catalog" does not exist)',
    );
    expect(describeFailure(new Error('no cause'))).toBe('no cause');
    expect(describeFailure('a string')).toBe('a string');
  });
});
