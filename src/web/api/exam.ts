/** The exam as GET /api/v1/exam answers it (architecture §9): for the admin's exam screens and an institute's admit cards. */
import { queryOptions } from '@tanstack/react-query';
import type { ExamView } from '../../common/schemas/exam';
import { apiRequest } from './client';

export type { ClassCode, ExamView } from '../../common/schemas/exam';

export const EXAM_KEY = ['exam'] as const;

export const examQuery = queryOptions({
  queryKey: EXAM_KEY,
  queryFn: async ({ signal }) => (await apiRequest<ExamView>('/v1/exam', { method: 'GET', signal })).data,
});
