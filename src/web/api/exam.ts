/** The exam as GET /api/v1/exam answers it (architecture §9): for the admin's exam screens and an institute's admit cards. */
import { queryOptions } from '@tanstack/react-query';
import type { CLASS_CODES, Seating } from '../../common/constants';
import { apiRequest } from './client';

export type ClassCode = (typeof CLASS_CODES)[number];

export type Sitting = { class: ClassCode; date: string | null; reporting_time: string | null; start_time: string | null; end_time: string | null };
export type Subject = { id: number; class: ClassCode; name_bn: string; name_en: string; full_marks: number };

export type ExamView = {
  name_bn: string;
  name_en: string;
  instructions: string;
  seating: Seating;
  admit_cards_published: 0 | 1;
  sittings: Sitting[];
  subjects: Subject[];
  /** Active centres, their seats and the seats given. */
  centres: number;
  capacity: number;
  seated: number;
};

export const EXAM_KEY = ['exam'] as const;

export const examQuery = queryOptions({
  queryKey: EXAM_KEY,
  queryFn: async ({ signal }) => (await apiRequest<ExamView>('/v1/exam', { method: 'GET', signal })).data,
});
