/** Mantine theme: the self-hosted Bengali font for text and headings alike (Mantine sets them apart). */
import { createTheme, InputWrapper, type CSSVariablesResolver } from '@mantine/core';

const fontFamily = "'Noto Sans Bengali', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** The colours whose light variant (badges, the active menu entry, alerts) the interface uses. */
const LIGHT_VARIANT_COLORS = ['teal', 'gray', 'red', 'orange', 'yellow', 'blue', 'grape', 'green'] as const;

/**
 * Contrast above WCAG AA's 4.5:1 (axe in e2e/accessibility.spec.ts): Mantine's dimmed text (gray 6) reads
 * at about 3.3:1, so gray 7; a light variant's text on its tint reads at about 4.3:1 (teal) and far less
 * (yellow), so the palest tint under a darkened shade 9.
 */
export const cssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7],
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.flatMap((color) => [
        [`--mantine-color-${color}-light`, theme.colors[color][0]],
        [`--mantine-color-${color}-light-color`, `color-mix(in srgb, ${theme.colors[color][9]} 75%, black)`],
      ]),
    ),
  },
  dark: {},
});

export const theme = createTheme({
  fontFamily,
  headings: { fontFamily, fontWeight: '600' },
  primaryColor: 'teal',
  // Shade 9 keeps white button text above 4.5:1 contrast.
  primaryShade: 9,
  defaultRadius: 'md',
  components: {
    // Hints go under the input, so inputs side by side line up whether or not one has a hint.
    InputWrapper: InputWrapper.extend({ defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } }),
  },
});
