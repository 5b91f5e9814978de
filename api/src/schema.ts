import type { ColumnType, Generated } from 'kysely'
import type { CourseLevel } from '../../contract/courses.ts'
import type { AttendanceStatus } from '../../contract/schedules.ts'

export type UserRole = 'student' | 'tutor'
export type AccountType = 'user' | 'organization'
export const ORGANIZATION_TYPES = [
	'school',
	'tutoring_center',
	'university',
	'company',
	'other',
] as const
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]

/** The `users.profile` jsonb: role fields, each absent until first set. */
export type RoleFields = {
	gradeLevel?: string | null
	dateOfBirth?: string | null
	guardianName?: string | null
	subjects?: string[]
	qualifications?: string | null
	experienceYears?: number | null
}

type CreatedAt = ColumnType<Date, never, never>
type VerifiedAt = ColumnType<Date | null, Date | null | undefined, Date | null>

/** The notification mails a person can turn off (api/src/mail/notifications.ts); absent means on. */
export type NotificationPreferences = Partial<Record<string, boolean>>
// jsonb goes in as a JSON string: node-postgres would send a top-level array as a Postgres array.
type Json<T> = ColumnType<T, string, string>

export interface OrganizationsTable {
	id: Generated<string>
	email: string
	password_hash: string
	name: string
	type: OrganizationType
	country: string
	phone: string | null
	address: string | null
	website: string | null
	description: string | null
	logo: string | null
	created_at: CreatedAt
	// Migration 015: null until the address is verified (sign-ups); set for older accounts.
	email_verified_at: VerifiedAt
	// Migration 023: its teachers must sign in with two-factor (decision 037).
	teachers_need_two_factor: Generated<boolean>
	// Migration 031: when its next roster mail may go, past the hour's allowance (decision 054).
	roster_mails_at: ColumnType<Date | null, Date | null | undefined, Date | null>
	/** Migration 033: the language of its members who chose none, and of its own pages. */
	default_locale: ColumnType<string | null, string | null | undefined, string | null>
}

export interface UsersTable {
	id: Generated<string>
	role: UserRole
	email: string
	password_hash: string
	first_name: string
	last_name: string
	phone: string | null
	bio: string | null
	profile: Json<RoleFields>
	profile_picture: string | null
	organization_id: string | null
	created_at: CreatedAt
	// Migration 015.
	email_verified_at: VerifiedAt
	notification_preferences: ColumnType<NotificationPreferences, string | undefined, string>
	// Migration 025: the roster's department and student number.
	department_id: ColumnType<string | null, string | null | undefined, string | null>
	student_number: ColumnType<string | null, string | null | undefined, string | null>
	/** Migration 024: the zone reminders are written in (the browser's at the last login). */
	time_zone: ColumnType<string | null, string | null | undefined, string | null>
	/** Migration 029: a school sign-in links to this account only with its owner's consent. */
	sso_consent_required: Generated<boolean>
	/** Migration 033: the person's own language (decision 063); null follows the organization. */
	locale: ColumnType<string | null, string | null | undefined, string | null>
}

export interface RefreshTokensTable {
	token_hash: string
	account_id: string
	account_type: AccountType
	expires_at: Date
	revoked_at: Date | null
	created_at: CreatedAt
	// Migration 012: the session it belongs to, and when it was exchanged for its successor.
	session_id: string | null
	used_at: Date | null
}

export interface AuthSessionsTable {
	id: Generated<string>
	account_id: string
	account_type: AccountType
	created_at: CreatedAt
	expires_at: Date
	revoked_at: Date | null
	/** The browser's user agent and address at sign-in (the address follows its refreshes). */
	user_agent: ColumnType<string, string | undefined, string>
	ip_address: ColumnType<string, string | undefined, string>
	last_seen_at: ColumnType<Date, Date | undefined, Date>
}

export interface KnownDevicesTable {
	account_type: AccountType
	account_id: string
	/** sha256 of the user agent and address: which pairs signed in, not what they were. */
	fingerprint: string
	first_seen_at: CreatedAt
}

export interface TwoFactorTable {
	account_type: AccountType
	account_id: string
	/** Base32 as authenticator apps take it, sealed with AES-256-GCM (auth/totp-secrets.ts, decision 037). */
	secret: string
	enabled_at: Date | null
	/** The RFC 6238 time step of the last code accepted (a bigint, read as a string). */
	last_time_step: ColumnType<string | null, number | null | undefined, number | null>
}

export interface RecoveryCodesTable {
	account_type: AccountType
	account_id: string
	code_hash: string
	used_at: Date | null
}

// Migration 030 (issue 38): an owner's request to turn two-factor off without a code.
export interface TwoFactorRecoveriesTable {
	account_type: AccountType
	account_id: string
	/** sha256 of the mailed link's token. */
	token_hash: string
	link_expires_at: Date
	/** When two-factor may turn off: set when the link is followed; null until then. */
	ready_at: Date | null
	created_at: CreatedAt
}

export interface OrganizationSsoTable {
	organization_id: string
	provider_name: string
	issuer: string
	client_id: string
	client_secret_sealed: string
	join_by_domain: boolean
	updated_at: ColumnType<Date, Date | undefined, Date>
}

export type DomainProof = 'dns' | 'demo'

export interface OrganizationDomainsTable {
	id: Generated<string>
	organization_id: string
	domain: string
	token: string
	proof: ColumnType<DomainProof, DomainProof | undefined, DomainProof>
	verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>
	checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>
	failed_checks: ColumnType<number, number | undefined, number>
	created_at: CreatedAt
}

export interface SsoIdentitiesTable {
	issuer: string
	subject: string
	user_id: string
	organization_id: string
	created_at: CreatedAt
}

export interface FilesTable {
	key: string
	owner_id: string
	owner_type: AccountType
	content_type: string
	size: number
	original_name: string | null
	created_at: CreatedAt
}

export interface CoursesTable {
	id: Generated<string>
	tutor_id: string | null
	organization_id: string | null
	title: string
	is_published: Generated<boolean>
	created_at: CreatedAt
	// Migration 003 (courses and payments).
	subtitle: Generated<string>
	description: Generated<string>
	thumbnail: string | null
	level: Generated<CourseLevel>
	category: Generated<string>
	subcategory: string | null
	price_amount: Generated<number>
	price_currency: Generated<string>
	price_discounted: number | null
	schedule: ColumnType<CourseSchedule | null, string | undefined, string>
	max_students: number | null
	details: ColumnType<CourseDetails, string | undefined, string>
	duration_weeks: number | null
	// numeric arrives as a string from the driver.
	hours_per_week: ColumnType<string | null, number | null, number | null>
	updated_at: ColumnType<Date, never, Date>
	/** Migration 033: the course's own language, over its members' (decision 063). */
	locale: ColumnType<string | null, string | null | undefined, string | null>
}

export interface EnrollmentsTable {
	course_id: string
	student_id: string
	created_at: CreatedAt
}

export interface SchemaMigrationsTable {
	name: string
	applied_at: CreatedAt
}

export interface DepartmentsTable {
	id: Generated<string>
	organization_id: string
	department_name: string
	description: string | null
	created_at: CreatedAt
	updated_at: ColumnType<Date, never, Date>
}

export interface ScoresTable {
	id: Generated<string>
	organization_id: string
	student_id: string
	subject: string
	term: string
	// numeric arrives as a string from the driver; present.ts turns it into a number.
	score: ColumnType<string | number, number, number>
	created_at: CreatedAt
	updated_at: ColumnType<Date, never, Date>
}

/** Kept by the database's triggers (migration 022): never written by the API. */
export interface ScoreSummariesTable {
	organization_id: string
	term: string
	subject: string
	scores: number
	score_sum: string
	band_0_60: number
	band_60_70: number
	band_70_80: number
	band_80_90: number
	band_90_100: number
}

export interface ScoreTermStudentsTable {
	organization_id: string
	term: string
	students: number
}

export interface TasksTable {
	id: Generated<string>
	course_id: string
	created_by: string
	title: string
	description: string | null
	task_type: 'assignment' | 'homework' | 'project' | 'quiz' | 'essay'
	due_date: Date
	end_date: Date | null
	attachment_key: string | null
	attachment_name: string | null
	attachment_type: string | null
	attachment_size: number | null
	is_deleted: Generated<boolean>
	created_at: CreatedAt
	updated_at: ColumnType<Date, never, Date>
}

export interface TaskSubmissionsTable {
	id: Generated<string>
	task_id: string
	student_id: string
	file_key: string
	file_name: string
	file_type: string
	file_size: number
	comment: string | null
	submitted_at: ColumnType<Date, Date | undefined, Date>
	grade: number | null
	feedback: string | null
	graded_at: Date | null
}

// Migration 024: each reminder given, once per event (issue 31, decision 038).
export type ReminderKind = 'session_day' | 'session_hour' | 'task_due' | 'ungraded'
export interface RemindersTable {
	kind: ReminderKind
	subject_id: string
	recipient_id: string
	event_at: Date
	created_at: CreatedAt
}

export interface Database {
	organizations: OrganizationsTable
	users: UsersTable
	refresh_tokens: RefreshTokensTable
	auth_sessions: AuthSessionsTable
	known_devices: KnownDevicesTable
	two_factor: TwoFactorTable
	reminders: RemindersTable
	recovery_codes: RecoveryCodesTable
	two_factor_recoveries: TwoFactorRecoveriesTable
	organization_invitations: OrganizationInvitationsTable
	roster_imports: RosterImportsTable
	// Migration 027 (issue 28): background exports.
	export_jobs: ExportJobsTable
	// Migration 026 (issue 31): single sign-on.
	organization_sso: OrganizationSsoTable
	organization_domains: OrganizationDomainsTable
	sso_identities: SsoIdentitiesTable
	files: FilesTable
	courses: CoursesTable
	enrollments: EnrollmentsTable
	schema_migrations: SchemaMigrationsTable
	schedules: SchedulesTable
	schedule_attendance: ScheduleAttendanceTable
	calendar_feeds: CalendarFeedsTable
	rooms: RoomsTable
	room_invites: RoomInvitesTable
	room_messages: RoomMessagesTable
	room_board_updates: RoomBoardUpdatesTable
	room_tickets: RoomTicketsTable
	payments: PaymentsTable
	payment_events: PaymentEventsTable
	payout_accounts: PayoutAccountsTable
	resources: ResourcesTable
	announcements: AnnouncementsTable
	announcement_reads: AnnouncementReadsTable
	certificates: CertificatesTable
	report_cards: ReportCardsTable
	tasks: TasksTable
	task_submissions: TaskSubmissionsTable
	departments: DepartmentsTable
	scores: ScoresTable
	score_summaries: ScoreSummariesTable
	score_term_students: ScoreTermStudentsTable
	qa_templates: QaTemplatesTable
	test_attempts: TestAttemptsTable
	test_history: TestHistoryTable
	mail_outbox: MailOutboxTable
	account_tokens: AccountTokensTable
}

// Migration 014: mail leaves through a queue.
export type MailStatus = 'pending' | 'sent' | 'failed'

export interface MailOutboxTable {
	id: Generated<string>
	kind: string
	to_address: string
	subject: string
	text_body: string
	html_body: string
	status: Generated<MailStatus>
	attempts: Generated<number>
	next_attempt_at: Generated<Date>
	locked_until: Date | null
	last_error: string | null
	delivered_by: string | null
	sent_at: Date | null
	created_at: CreatedAt
	/** Migration 021: extra headers (List-Unsubscribe), as a JSON object written as text. */
	headers: ColumnType<Record<string, string>, string | undefined, string>
}

// Migration 015: password reset and email verification links.
export type AccountTokenPurpose = 'password_reset' | 'email_verification'

export interface AccountTokensTable {
	token_hash: string
	purpose: AccountTokenPurpose
	account_type: AccountType
	account_id: string
	email: string
	expires_at: Date
	used_at: Date | null
	created_at: CreatedAt
}

// Issue 8: library, announcements, certificates, report cards (migration 008).
export const RESOURCE_TYPES = ['document', 'video', 'worksheet', 'slides', 'link', 'other'] as const
export type ResourceType = (typeof RESOURCE_TYPES)[number]
export type AuthorType = 'tutor' | 'organization'
export type ReportComponent = { name: string; score: number; remark: string | null }

export interface ResourcesTable {
	id: Generated<string>
	tutor_id: string
	title: string
	description: string | null
	subject: string
	resource_type: ResourceType
	file_key: string | null
	file_name: string | null
	file_type: string | null
	file_size: number | null
	url: string | null
	created_at: CreatedAt
}

export interface AnnouncementsTable {
	id: Generated<string>
	author_id: string
	author_type: AuthorType
	author_name: string
	course_id: string | null
	organization_id: string | null
	title: string
	body: string
	created_at: CreatedAt
}

export interface AnnouncementReadsTable {
	announcement_id: string
	student_id: string
	read_at: Generated<Date>
}

export interface CertificatesTable {
	id: Generated<string>
	public_id: string
	course_id: string
	student_id: string
	issued_by_id: string
	issued_by_type: AuthorType
	student_name: string
	student_email: string
	course_title: string
	issuer_name: string
	issued_at: CreatedAt
}

export interface ReportCardsTable {
	id: Generated<string>
	public_id: string
	course_id: string
	student_id: string
	author_id: string
	author_type: AuthorType
	author_name: string
	score: number
	components: Json<ReportComponent[]>
	comments: string | null
	created_at: CreatedAt
	updated_at: ColumnType<Date, Date | undefined, Date>
}

// Issue 5: QA templates and timed tests (migration 005).
export type StoredOption = { id: number; text: string; isCorrect: boolean }
export type StoredQuestion = { id: number; questionText: string; options: StoredOption[] }
export type AttemptStatus = 'in_progress' | 'submitted' | 'expired'

export interface QaTemplatesTable {
	id: Generated<string>
	created_by: string
	title: string
	description: string | null
	time_limit: number
	is_active: Generated<boolean>
	questions: Json<StoredQuestion[]>
	created_at: CreatedAt
	updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface TestAttemptsTable {
	id: Generated<string>
	template_id: string | null
	student_id: string
	template_title: string
	questions: Json<StoredQuestion[]>
	time_limit: number
	started_at: ColumnType<Date, Date | undefined, never>
	deadline: Date
	answers: ColumnType<Record<string, number>, string | undefined, string>
	flagged: ColumnType<number[], string | undefined, string>
	answers_saved_at: Date | null
	status: ColumnType<AttemptStatus, AttemptStatus | undefined, AttemptStatus>
	closed_at: Date | null
	score: number | null
	total_questions: number | null
}

export interface TestHistoryTable {
	id: Generated<string>
	attempt_id: string
	student_id: string
	template_id: string | null
	template_title: string
	score: number
	total_questions: number
	status: 'submitted' | 'expired'
	started_at: Date
	completed_at: Date
}

// Issue 3: courses and payments (migration 003).
export type CourseSchedule = {
	startDate: string
	endDate: string
	sessionsPerWeek: number
	timeSlots: { day: string; startTime: string; endTime: string }[]
}
export type CourseModule = {
	title: string
	description: string
	duration: string
	topics: string[]
}
export type CourseDetails = {
	prerequisites?: string[]
	learningOutcomes?: string[]
	instructors?: { name: string; title: string }[]
	modules?: CourseModule[]
	languages?: string[]
	certification?: string | null
	tags?: string[]
}
export type PaymentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'failed'
export type PaymentProvider = 'test' | 'stripe' | 'free'

export interface PaymentsTable {
	id: Generated<string>
	course_id: string | null
	course_title: string
	student_id: string
	amount: number
	currency: string
	provider: PaymentProvider
	provider_ref: string | null
	status: Generated<PaymentStatus>
	card_brand: string | null
	card_last4: string | null
	failure_code: string | null
	failure_message: string | null
	created_at: CreatedAt
	updated_at: ColumnType<Date, never, Date>
	settled_at: Date | null
}

export interface PaymentEventsTable {
	event_id: string
	payment_id: string | null
	type: string
	received_at: CreatedAt
}

export interface PayoutAccountsTable {
	owner_type: AccountType
	owner_id: string
	provider: 'test' | 'stripe'
	account_ref: string
	status: Generated<'pending' | 'complete'>
	created_at: CreatedAt
	updated_at: ColumnType<Date, never, Date>
}

export interface RoomsTable {
	id: Generated<string>
	course_id: string
	owner_id: string
	kind: 'classroom' | 'whiteboard'
	title: string
	ended_at: Date | null
	created_at: CreatedAt
}

export interface RoomInvitesTable {
	room_id: string
	user_id: string
	created_at: CreatedAt
}

export interface RoomMessagesTable {
	id: Generated<string>
	room_id: string
	author_id: string | null
	body: string
	/** The sending page's own id for the message, so a message sent again is stored once. */
	client_id: string | null
	created_at: CreatedAt
}

export interface RoomBoardUpdatesTable {
	/** bigserial: node-postgres and PGlite hand int8 back as a string. */
	id: Generated<string>
	room_id: string
	update: Uint8Array
	created_at: CreatedAt
}

export interface RoomTicketsTable {
	ticket_hash: string
	room_id: string
	user_id: string
	expires_at: Date
}

// Issue 6: schedules and attendance (migration 006).
export type StoredScheduleStatus = 'Scheduled' | 'Cancelled'
export type { AttendanceStatus }

export interface SchedulesTable {
	id: Generated<string>
	course_id: string
	tutor_id: string
	title: string
	description: string | null
	scheduled_date: string
	start_time: string
	duration: number
	time_zone: string
	starts_at: Date
	ends_at: Date
	status: Generated<StoredScheduleStatus>
	cancelled_at: Date | null
	room_id: string | null
	created_at: CreatedAt
	updated_at: Generated<Date>
	/** Migration 016: changes and cancellation since creation (RFC 5545 SEQUENCE). */
	sequence: Generated<number>
}

// Migration 016: a student's or teacher's private calendar feed (issue 19).
export interface CalendarFeedsTable {
	user_id: string
	feed_id: Generated<string>
	/** When the current address was made (a reset sets it again). */
	created_at: Generated<Date>
	/** Migration 027: the fingerprint of the feed's last answer (its ETag) and when it changed. */
	version: ColumnType<string | null, never, string | null>
	version_changed_at: ColumnType<Date | null, never, Date | null>
}

export interface ScheduleAttendanceTable {
	schedule_id: string
	student_id: string
	attendance_status: AttendanceStatus
	recorded_by: string | null
	recorded_at: Generated<Date>
}

// Migration 013: an organization invites a student; the student accepts or declines.
export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'cancelled'

export interface OrganizationInvitationsTable {
	id: Generated<string>
	organization_id: string
	email: string
	status: ColumnType<InvitationStatus, InvitationStatus | undefined, InvitationStatus>
	created_at: CreatedAt
	responded_at: Date | null
	// Migration 025: what the roster gave, applied when the invitation is accepted.
	department_id: ColumnType<string | null, string | null | undefined, string | null>
	student_number: ColumnType<string | null, string | null | undefined, string | null>
}

export type ExportJobStatus = 'queued' | 'running' | 'done' | 'failed'

export interface ExportJobsTable {
	id: Generated<string>
	organization_id: string
	kind: 'scores' | 'result-cards'
	term: string
	/** Migration 036: the requester's language, which the file's headers speak (null: English). */
	locale: ColumnType<string | null, string | null | undefined, string | null>
	status: ColumnType<ExportJobStatus, ExportJobStatus | undefined, ExportJobStatus>
	students: ColumnType<number, number | undefined, number>
	file_key: string | null
	file_name: string | null
	bytes: number | null
	error: string | null
	created_at: CreatedAt
	started_at: Date | null
	finished_at: Date | null
}

export type RosterImportStatus = 'preview' | 'running' | 'done' | 'failed'

export interface RosterImportsTable {
	id: Generated<string>
	organization_id: string
	status: ColumnType<RosterImportStatus, RosterImportStatus | undefined, RosterImportStatus>
	file_name: string
	rows: Json<unknown[]>
	counts: Json<Record<string, number>>
	result: ColumnType<Record<string, number> | null, string | null | undefined, string | null>
	error: string | null
	created_at: CreatedAt
	started_at: Date | null
	finished_at: Date | null
	// Migration 031: when the import's last set-your-password mail goes.
	mails_until: ColumnType<Date | null, Date | null | undefined, Date | null>
}
