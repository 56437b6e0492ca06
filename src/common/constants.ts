/** Business constants of spec §9 and the decisions of architecture §5, shared by server and client. */

/** `examiner`: enters marks only (docs/integrators/results.md), besides its own login and profile. */
export const ROLES = ['admin', 'institute', 'examiner'] as const;
export type Role = (typeof ROLES)[number];

export const INSTITUTE_TYPES = ['school', 'madrasah'] as const;
export const INSTITUTE_LEVELS = ['play-5th', 'play-8th', 'play-10th', 'play-12th'] as const;
export const MANAGEMENT_TYPES = ['private', 'non-government', 'government'] as const;

export const CLASS_CODES = ['04', '07'] as const;
export const GENDERS = ['m', 'f'] as const;
export const DEPARTMENTS = ['p', 'a', 'c', 's'] as const;
export const PAYMENT_METHODS = ['bkash', 'bank'] as const;

/** A student's fee: not in any payment, in a payment awaiting approval, or covered by an approved one. */
export const FEE_STATUSES = ['unpaid', 'pending', 'paid'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];
/** A payment awaits an admin, who approves it or refuses it with a reason. */
export const PAYMENT_STATES = ['pending', 'approved', 'refused'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** Students one payment may name: a large school's whole season, in one list. */
export const MAX_PAYMENT_STUDENTS = 5000;

/** How the seat allocation fills a room: classes mixed in roll order, or each room holding one class. */
export const SEATINGS = ['mixed', 'apart'] as const;
export type Seating = (typeof SEATINGS)[number];
/** Rooms a centre may list, and seats a room may hold. */
export const MAX_CENTRE_ROOMS = 200;
export const MAX_ROOM_CAPACITY = 2000;
/** Subjects an exam may set per class. */
export const MAX_SUBJECTS = 20;

/** Default registration fee in taka; the live value is the `registration_fee` setting. */
export const DEFAULT_REGISTRATION_FEE = 200;

export const PAGE_SIZES = [10, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const REGISTRATION_PAGE_SIZE = 100;
export const DROPDOWN_PAGE_SIZE = 500;
export const REMOTE_SELECT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

export const SEARCH_DEBOUNCE_MS = 500;

export const STATUS_ACTIVE = 1;
export const STATUS_INACTIVE = 0;

/** Lengths of stored text; the database columns are sized from these too. */
export const LIMITS = {
  shortText: 191,
  password: { min: 8, max: 128 },
  totalStudents: 100_000,
} as const;
