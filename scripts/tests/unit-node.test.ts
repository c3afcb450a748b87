import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unitNode } from '../lib/unit-node';

describe('the unit tier’s Node', () => {
  it('is the running Node when TOUCHLINE_UNIT_NODE is not set', () => {
    const env = { PATH: '/usr/bin' };
    expect(unitNode(undefined, env)).toEqual({
      ok: true,
      title: 'unit (embedded)',
      env,
      version: process.version,
    });
  });

  it('puts the given binary’s folder first on PATH and names its version in the title', () => {
    const node = unitNode(process.execPath, { PATH: '/usr/bin', CI: 'true' }, () => 'v24.22.3');
    expect(node).toMatchObject({ ok: true, title: 'unit (embedded, Node v24.22.3)' });
    if (!node.ok) throw new Error('expected ok');
    expect(node.env.PATH).toBe([path.dirname(process.execPath), '/usr/bin'].join(path.delimiter));
    expect(node.env.CI).toBe('true');
  });

  it('runs the real binary to read its version', () => {
    const node = unitNode(process.execPath, {});
    expect(node).toMatchObject({ ok: true, version: process.version });
  });

  it('fails the tier with the reason when the binary is missing or does not run', () => {
    expect(unitNode('/nowhere/bin/node', {})).toMatchObject({
      ok: false,
      reason: expect.stringContaining('TOUCHLINE_UNIT_NODE=/nowhere/bin/node is not a Node binary'),
    });
    expect(unitNode(process.execPath, {}, () => null)).toMatchObject({ ok: false });
  });
});
