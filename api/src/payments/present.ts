import type { Selectable } from 'kysely'
import { fromMinor } from '../courses/present.ts'
import type { z } from 'zod'
import type { PaymentsTable, PayoutAccountsTable } from '../schema.ts'
import type { payment, payoutAccount } from './schemas.ts'

export type PaymentRow = Selectable<PaymentsTable>

/** The README's Payment; never more of the card than its brand and last four digits. */
export function toPayment(row: PaymentRow): z.input<typeof payment> {
	return {
		id: row.id,
		courseId: row.course_id,
		courseTitle: row.course_title,
		studentId: row.student_id,
		amount: fromMinor(row.amount),
		currency: row.currency,
		provider: row.provider,
		status: row.status,
		card: row.card_last4 ? { brand: row.card_brand ?? 'unknown', last4: row.card_last4 } : null,
		failureCode: row.failure_code,
		failureMessage: row.failure_message,
		createdAt: row.created_at.toISOString(),
		settledAt: row.settled_at?.toISOString() ?? null,
	}
}

/** The README's payout account: where a teacher's or an organization's course income goes. */
export function toPayoutAccount(
	row: Selectable<PayoutAccountsTable> | undefined,
	provider: 'test' | 'stripe',
): z.input<typeof payoutAccount> {
	return {
		provider: row?.provider ?? provider,
		status: row ? row.status : ('not_started' as const),
		accountId: row?.account_ref ?? null,
	}
}
