// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { containing, nestedIdsOf } from '@/lib/domain/cost/nesting';

describe('containing: the specifications a semi-finished good may not be taken from', () => {
  const graph = new Map<string, string[]>([
    ['set', ['table', 'shelf']],
    ['table', ['base', 'top']],
    ['base', ['leg']],
    ['shelf', ['leg']],
    ['leg', []],
    ['loop-a', ['loop-b']],
    ['loop-b', ['loop-a', 'base']],
  ]);

  it('itself and every specification above it, at any depth, through every way up', () => {
    expect([...containing('base', graph)].sort()).toEqual(['base', 'loop-a', 'loop-b', 'set', 'table']);
    expect([...containing('leg', graph)].sort()).toEqual(['base', 'leg', 'loop-a', 'loop-b', 'set', 'shelf', 'table']);
    expect([...containing('set', graph)]).toEqual(['set']);
    expect([...containing('unknown', graph)]).toEqual(['unknown']);
  });

  it('nestedIdsOf reads the lines’ specifications of a stored document, once each', () => {
    expect(nestedIdsOf(JSON.stringify({ materials: [{ specId: 'a' }, { specId: '' }, { name: 'x' }, { specId: 'a' }, { specId: 'b' }, null] }))).toEqual(['a', 'b']);
    expect(nestedIdsOf('{"materials": 5}')).toEqual([]);
    expect(nestedIdsOf('не JSON')).toEqual([]);
  });
});
