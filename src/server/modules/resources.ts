/**
 * Every resource of /api/v1: the routes, the export allow-list and the authorization tests walk this
 * list. Each definition is found in its module's `*.resource.ts` file (any of its exports, or an array
 * of them, made by defineResource), so adding a resource leaves this file alone; the list takes the order
 * of src/common/resources.ts, and each entry there must have exactly one definition.
 */
import { RESOURCES } from '../../common/resources.js';
import { importGlob } from '../lib/import-glob.js';
import { isResourceDefinition, type ResourceDefinition } from '../lib/resource/definition.js';

const modules = await importGlob(import.meta.url, './*/*.resource.ts');

const found = Object.entries(modules).flatMap(([file, exports]) =>
  Object.values(exports)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter(isResourceDefinition)
    .map((definition) => ({ file, definition })),
);

export const resources: readonly ResourceDefinition[] = Object.values(RESOURCES).map(({ name }) => {
  const matches = found.filter(({ definition }) => definition.name === name);
  if (matches.length !== 1)
    throw new Error(
      `the resource ${name} has ${matches.length ? `definitions in ${matches.map(({ file }) => file).join(', ')}` : 'no definition'}: give it one in its module's *.resource.ts`,
    );
  return matches[0]!.definition;
});

for (const { file, definition } of found) {
  if (!resources.includes(definition)) throw new Error(`${file} defines ${definition.name}, which src/common/resources.ts does not list`);
}
