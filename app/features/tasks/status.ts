// Spec section 3 and 4: the four submission statuses, each with its own colour, a default style for
// anything else; Submitted and Graded count as submitted, Late and Pending as pending.
import { msg } from '@lingui/core/macro'
import { i18n } from '~/platform/i18n'

export const SUBMISSION_STATUSES = ['Pending', 'Submitted', 'Late', 'Graded'] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]

// The API's statuses are English words; a person reads them in the page's language.
const STATUS_LABELS = {
	Pending: msg`Pending`,
	Submitted: msg`Submitted`,
	Late: msg`Late`,
	Graded: msg`Graded`,
}

/** A status as a person reads it; one the app does not know is shown as the API wrote it. */
export const statusLabel = (status: string) =>
	isKnownStatus(status) ? i18n._(STATUS_LABELS[status]) : status

// Class lists, which nobody reads.
/* eslint-disable lingui/no-unlocalized-strings */
const STATUS_STYLES: Record<SubmissionStatus, string> = {
	Submitted: 'bg-blue-100 text-blue-900 ring-blue-300',
	Pending: 'bg-amber-100 text-amber-900 ring-amber-300',
	Graded: 'bg-green-100 text-green-900 ring-green-300',
	Late: 'bg-red-100 text-red-900 ring-red-300',
}
/* eslint-enable lingui/no-unlocalized-strings */
export const DEFAULT_STATUS_STYLE = 'bg-slate-100 text-slate-800 ring-slate-300'

const isKnownStatus = (status: string): status is SubmissionStatus =>
	(SUBMISSION_STATUSES as readonly string[]).includes(status)

/** The badge classes for a status label; unknown labels get the default style. */
export function statusStyle(status: string | null | undefined): string {
	return status && isKnownStatus(status) ? STATUS_STYLES[status] : DEFAULT_STATUS_STYLE
}

/** Submitted and Graded count as submitted. */
export const countsAsSubmitted = (status: string | null | undefined) =>
	status === 'Submitted' || status === 'Graded'

/** Late and Pending count as pending. */
export const countsAsPending = (status: string | null | undefined) =>
	status === 'Late' || status === 'Pending'

/** How many of the items count as submitted and how many as pending (others count as neither). */
export function submissionProgress(statuses: readonly (string | null | undefined)[]) {
	return {
		submitted: statuses.filter(countsAsSubmitted).length,
		pending: statuses.filter(countsAsPending).length,
	}
}

/** The same counts from per-status totals, as the detailed submissions call answers them. */
export function progressFromCounts(counts: Record<string, number>) {
	let submitted = 0
	let pending = 0
	for (const [status, count] of Object.entries(counts)) {
		if (countsAsSubmitted(status)) submitted += count
		else if (countsAsPending(status)) pending += count
	}
	return { submitted, pending }
}
