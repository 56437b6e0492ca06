/**
 * What the exam's printed documents carry (architecture §9: one PDF generator for admit cards, centre
 * sheets, result slips and merit lists). The exam module fills these from the database; the templates
 * turn them into HTML that the PDF generator prints. Texts a person reads are already in the document's
 * language; dates and times are ISO strings the templates format in Bengali.
 */

import type { ExamHeading } from '../../lib/pdf/document.js';
import type { Photo } from '../../lib/pdf/labels.js';

export type { ExamHeading, Photo };

/** One class's sitting: its date (YYYY-MM-DD) and times (HH:MM, 24 h, Dhaka time). */
export type Sitting = { date: string; reporting_time: string; start_time: string; end_time: string };

export type AdmitCard = {
  exam: ExamHeading;
  /** Lines of the instructions printed on the card, in order. */
  instructions: string[];
  student: {
    name_bn: string | null;
    name_en: string;
    father_bn: string | null;
    father_en: string;
    mother_bn: string | null;
    mother_en: string;
    photo: Photo | null;
    reg_no: string;
    roll_no: string;
    /** '04' or '07'. */
    class: string;
    class_roll: string;
  };
  institute: { name_bn: string | null; name_en: string | null };
  centre: { name_bn: string; name_en: string; address: string };
  room: string;
  seat: number;
  sitting: Sitting | null;
  /** The public verification page the QR code opens (absolute URL, `/verify/{token}`). */
  verify_url: string;
  /** Where a person without a scanner types the roll and `verify_code` (absolute URL, `/verify`). */
  verify_page: string;
  /** Six characters in two groups, printed for typing (verify-code.ts). */
  verify_code: string;
};

/** One seat in a room, in seat order. */
export type SeatedStudent = {
  seat: number;
  roll_no: string;
  reg_no: string;
  name_bn: string | null;
  name_en: string;
  class: string;
  institute_name: string | null;
  photo: Photo | null;
};

/** A room's attendance sheet and door chart. */
export type RoomSheet = {
  exam: ExamHeading;
  centre: { name_bn: string; name_en: string; address: string };
  room: string;
  capacity: number;
  sittings: Partial<Record<string, Sitting>>;
  students: SeatedStudent[];
};
