import { describe, expect, it } from 'vitest';
import { sectionParts } from './sectionParts';
import { sections } from './sections';

/** The navigation and the routes ask for every section's icon and screen: a feature that declares none is caught here. */
describe("the sections' icons and screens", () => {
  it('are declared for every section', () => {
    for (const section of sections) {
      const parts = sectionParts(section.key);
      expect(parts.icon, section.key).toBeTruthy();
      expect(parts.Screen, section.key).toBeTruthy();
    }
  });
});
