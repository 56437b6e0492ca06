/** Mantine theme: the self-hosted Bengali font for text and headings alike (Mantine sets them apart). */
import { createTheme, InputWrapper } from '@mantine/core';

const fontFamily = "'Noto Sans Bengali', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

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
