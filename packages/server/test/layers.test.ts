/**
 * The server's files in layers without a circle (issue 51, 5): ports and config at the bottom, the requests on top,
 * no file importing one above it — type-only imports count too, since a circle of types is a circle of meaning.
 */
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('packages/server/src', () => {
  it('has no import circle (dpdm, type imports included)', async () => {
    const tree = await parseDependencyTree(['packages/server/src/*.ts'], { context: root, transform: false, skipDynamicImports: false, include: /packages\/server\/src\//, exclude: /node_modules/ });
    expect(Object.keys(tree).length).toBeGreaterThan(20);
    expect(parseCircular(tree, false)).toEqual([]);
  });

  it('keeps ports.ts at the bottom: of the server\'s files it imports only types (the bot worker\'s task, config\'s limits, identity\'s guest), from files that import nothing of the server', async () => {
    const tree = await parseDependencyTree(['packages/server/src/ports.ts'], { context: root, transform: false, include: /packages\/server\/src\//, exclude: /node_modules/ });
    const own = (tree['packages/server/src/ports.ts'] ?? []).map((d) => d.id).filter((id): id is string => id !== null && id.includes('packages/server/src/'));
    expect(own.sort()).toEqual(['packages/server/src/bot-worker.ts', 'packages/server/src/config.ts', 'packages/server/src/identity.ts']);
  });
});
