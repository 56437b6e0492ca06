/**
 * Results day's sections (docs/integrators/results.md): the marks screen at /marks (admins and examiners) and
 * the results screen at /results (admins), in one chunk: they share their calls and labels.
 */
export { MarksScreen as MarksModule } from './MarksScreen';
export { ResultsScreen as ResultsModule } from './ResultsScreen';
