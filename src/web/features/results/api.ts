/**
 * Results day's calls (docs/integrators/results.md): the marks grid (subjects, a student by roll, one mark, the
 * marks of a subject), the admin's results (rules, processing, publication, merit list) and an
 * institute's own results. Shapes as the API answers them; the forms are src/common/schemas/results.ts.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ClassCode } from '../../api/exam';
import type { JobView } from '../../api/jobs';
import { apiRequest } from '../../api/client';
import type { Paginated } from '../../components/list/listQuery';
import type {
  InstituteResults,
  MarkRow,
  MarksProgress,
  MarkStudent,
  MarkSubjects,
  MeritPage,
  ResultsView as ResultsAnswer,
  ResultSummary,
  SavedMark,
} from '../../../common/schemas/results';
import type { ScholarshipsView } from '../../../common/schemas/scholarships';

export type {
  InstituteResultRow,
  InstituteResults,
  MarkRow,
  MarksProgress,
  MarkStudent,
  MarkSubject,
  MarkSubjects,
  MeritPage,
  MeritRow,
  SavedMark,
} from '../../../common/schemas/results';

/** Everything results day changes: the admin's view, the marks lists, the merit list and the dashboards' panels. */
export const RESULTS_KEY = ['results'] as const;
const MARKS_KEY = [...RESULTS_KEY, 'marks'] as const;

export const markSubjectsQuery = queryOptions({
  queryKey: [...MARKS_KEY, 'subjects'],
  queryFn: async ({ signal }) => (await apiRequest<MarkSubjects>('/v1/marks/subjects', { method: 'GET', signal })).data,
});

export async function findStudent(roll: string, signal?: AbortSignal): Promise<MarkStudent> {
  return (await apiRequest<MarkStudent>(`/v1/marks/student?${new URLSearchParams({ roll_no: roll })}`, { method: 'GET', signal })).data;
}

/** Marks as typed (the server reads Bengali digits and the absent words). */
export async function saveMark(body: { roll_no: string; subject_id: number; marks: string }): Promise<{ message: string; data: SavedMark }> {
  return apiRequest<SavedMark>('/v1/marks', { body });
}

export const MARKS_PAGE_SIZE = 10;

export const marksListQuery = (subjectId: number, page: number) =>
  queryOptions({
    queryKey: [...MARKS_KEY, 'list', subjectId, page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Paginated<MarkRow>>(
          `/v1/marks?${new URLSearchParams({ subject_id: String(subjectId), page: String(page), per_page: String(MARKS_PAGE_SIZE) })}`,
          {
            method: 'GET',
            signal,
          },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/**
 * Outside RESULTS_KEY on purpose: every mark saved on the grid asks RESULTS_KEY again, and this count over the
 * season is read when a screen opens (or is returned to), not once a keystroke.
 */
export const marksProgressQuery = queryOptions({
  queryKey: ['marks-progress'],
  queryFn: async ({ signal }) => (await apiRequest<MarksProgress>('/v1/marks/progress', { method: 'GET', signal })).data,
});

/** What refuses publication: per class, the candidates with a missing mark whose result is not withheld, and the subjects. */
export const publicationBlockers = (progress: MarksProgress) =>
  progress.classes
    .map((klass) => ({
      class: klass.class,
      candidates: klass.missing_candidates - klass.withheld,
      subjects: klass.subjects.map((subject) => ({ ...subject, missing: subject.missing - subject.withheld })).filter((subject) => subject.missing > 0),
    }))
    .filter((klass) => klass.candidates > 0);

/** A marks list key for every subject, to ask again after an import. */
export const MARKS_LISTS_KEY = [...MARKS_KEY, 'list'] as const;

/** The admin's results screen, its jobs' results typed as each job answers them. */
export type ResultsView = Omit<ResultsAnswer, 'jobs'> & { jobs: { process: JobView<ResultSummary> | null; publish: JobView | null } };

export const resultsQuery = queryOptions({
  queryKey: [...RESULTS_KEY, 'view'],
  queryFn: async ({ signal }) => (await apiRequest<ResultsView>('/v1/results', { method: 'GET', signal })).data,
  staleTime: 0,
});

export const MERIT_PAGE_SIZE = 50;

export const meritQuery = (klass: ClassCode, page: number) =>
  queryOptions({
    queryKey: [...RESULTS_KEY, 'merit', klass, page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<MeritPage>(`/v1/results/merit?${new URLSearchParams({ class: klass, page: String(page), per_page: String(MERIT_PAGE_SIZE) })}`, {
          method: 'GET',
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const instituteResultsQuery = queryOptions({
  queryKey: [...RESULTS_KEY, 'institute'],
  queryFn: async ({ signal }) => (await apiRequest<InstituteResults>('/v1/results/institute', { method: 'GET', signal })).data,
  // A 409 (not published yet) is an answer, not a failure to retry.
  retry: false,
});

/** The scholarships' amounts and live awards (admin), refreshed with the results: a publication changes them. */
export const scholarshipsQuery = queryOptions({
  queryKey: [...RESULTS_KEY, 'scholarships'],
  queryFn: async ({ signal }) => (await apiRequest<ScholarshipsView>('/v1/scholarships', { method: 'GET', signal })).data,
});
