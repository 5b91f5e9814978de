import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { isEnrolled } from '../courses/repository.ts'
import type { CourseRow } from '../courses/present.ts'
import type { Db } from '../db.ts'
import type { AccountType, PaymentProvider } from '../schema.ts'
import type { PaymentRow } from './present.ts'

/** Who is paid out: a teacher (a user) or an organization. */
export type PayoutOwner = { type: AccountType; id: string }

export type Outcome = { status: 'succeeded' } | { status: 'failed'; code: string; message: string }

export const findPayment = (db: Db, id: string) =>
	db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()

export const findPayoutAccount = (db: Db, ownerType: AccountType, ownerId: string) =>
	db
		.selectFrom('payout_accounts')
		.selectAll()
		.where('owner_type', '=', ownerType)
		.where('owner_id', '=', ownerId)
		.executeTakeFirst()

const IN_FLIGHT = ['requires_payment', 'processing'] as const

const inFlight = (payment: PaymentRow) => (IN_FLIGHT as readonly string[]).includes(payment.status)

/** The payment that enrolled the student in the course, else the one still open, if any. */
export async function existingPayment(db: Db, courseId: string, studentId: string) {
	const payments = await db
		.selectFrom('payments')
		.selectAll()
		.where('course_id', '=', courseId)
		.where('student_id', '=', studentId)
		.where('status', 'in', ['succeeded', ...IN_FLIGHT])
		.orderBy('created_at', 'desc')
		.execute()
	const enrolled = payments.find((payment) => payment.status === 'succeeded')
	if (enrolled) {
		// Paid for and since left (or removed): a new checkout is a new payment.
		return (await isEnrolled(db, courseId, studentId)) ? enrolled : payments.find(inFlight)
	}
	return payments.find(inFlight)
}

/** A new payment of the course; none if the student has one in flight already (a race). */
export const openPayment = (
	db: Db,
	course: CourseRow,
	studentId: string,
	amount: number,
	provider: PaymentProvider,
) =>
	db
		.insertInto('payments')
		.values({
			course_id: course.id,
			course_title: course.title,
			student_id: studentId,
			amount,
			currency: course.price_currency,
			provider,
			provider_ref: provider === 'test' ? `test_pi_${randomUUID()}` : null,
		})
		.onConflict((conflict) =>
			conflict.columns(['student_id', 'course_id']).where('status', 'in', IN_FLIGHT).doNothing(),
		)
		.returningAll()
		.executeTakeFirst()

export const setProviderRef = (db: Db, paymentId: string, ref: string) =>
	db
		.updateTable('payments')
		.set({ provider_ref: ref, updated_at: new Date() })
		.where('id', '=', paymentId)
		.returningAll()
		.executeTakeFirstOrThrow()

/** Takes a payment still waiting into processing with the card shown; none if another did. */
export const claimPayment = (db: Db, paymentId: string, card: { brand: string; last4: string }) =>
	db
		.updateTable('payments')
		.set({
			status: 'processing',
			card_brand: card.brand,
			card_last4: card.last4,
			updated_at: new Date(),
		})
		.where('id', '=', paymentId)
		.where('status', '=', 'requires_payment')
		.returning('id')
		.executeTakeFirst()

/** The owner's payout account at the provider, made anew (pending) if it was at another. */
export const savePayoutAccount = (
	db: Db,
	owner: PayoutOwner,
	provider: 'test' | 'stripe',
	accountRef: string,
) =>
	db
		.insertInto('payout_accounts')
		.values({ owner_type: owner.type, owner_id: owner.id, provider, account_ref: accountRef })
		.onConflict((conflict) =>
			conflict.columns(['owner_type', 'owner_id']).doUpdateSet({
				provider,
				account_ref: accountRef,
				status: 'pending',
				updated_at: new Date(),
			}),
		)
		.returningAll()
		.executeTakeFirstOrThrow()

export const setPayoutStatus = (db: Db, owner: PayoutOwner, status: 'pending' | 'complete') =>
	db
		.updateTable('payout_accounts')
		.set({ status, updated_at: new Date() })
		.where('owner_type', '=', owner.type)
		.where('owner_id', '=', owner.id)
		.returningAll()
		.executeTakeFirstOrThrow()

export async function stripePaymentId(db: Db, intentId: string) {
	const row = await db
		.selectFrom('payments')
		.select('id')
		.where('provider', '=', 'stripe')
		.where('provider_ref', '=', intentId)
		.executeTakeFirst()
	return row?.id
}

export const markProcessing = (db: Db, paymentId: string) =>
	db
		.updateTable('payments')
		.set({ status: 'processing', updated_at: new Date() })
		.where('id', '=', paymentId)
		.where('status', '=', 'requires_payment')
		.execute()

export const setStripeAccountStatus = (
	db: Db,
	accountRef: string,
	status: 'pending' | 'complete',
) =>
	db
		.updateTable('payout_accounts')
		.set({ status, updated_at: new Date() })
		.where('provider', '=', 'stripe')
		.where('account_ref', '=', accountRef)
		.execute()

/** Records a provider's event once: undefined when its id was seen before. */
export const recordPaymentEvent = (
	db: Db,
	event: { eventId: string; paymentId: string; type: string },
) =>
	db
		.insertInto('payment_events')
		.values({ event_id: event.eventId, payment_id: event.paymentId, type: event.type })
		.onConflict((conflict) => conflict.column('event_id').doNothing())
		.returning('event_id')
		.executeTakeFirst()

/** The payment, while not settled yet, locked until the transaction ends. */
export const lockOpenPayment = (db: Db, paymentId: string) =>
	db
		.selectFrom('payments')
		.select(['id', 'course_id', 'student_id', 'provider'])
		.where('id', '=', paymentId)
		.where('status', 'in', ['requires_payment', 'processing'])
		.forUpdate()
		.executeTakeFirst()

/** The course's seat count, its row locked until the transaction ends. */
export const lockCourseSeats = (db: Db, courseId: string) =>
	db
		.selectFrom('courses')
		.select(['id', 'max_students'])
		.where('id', '=', courseId)
		.forUpdate()
		.executeTakeFirst()

export async function enrollStudent(db: Db, courseId: string, studentId: string) {
	await db
		.insertInto('enrollments')
		.values({ course_id: courseId, student_id: studentId })
		.execute()
}

export async function settlePayment(db: Db, paymentId: string, outcome: Outcome) {
	await db
		.updateTable('payments')
		.set({
			status: outcome.status,
			failure_code: outcome.status === 'failed' ? outcome.code : null,
			failure_message: outcome.status === 'failed' ? outcome.message : null,
			settled_at: sql<Date>`now()`,
			updated_at: sql<Date>`now()`,
		})
		.where('id', '=', paymentId)
		.execute()
}

/** A Stripe payment that failed for one of the given codes, with its provider's reference. */
export const findRefundDue = (db: Db, paymentId: string, codes: readonly string[]) =>
	db
		.selectFrom('payments')
		.select(['id', 'provider_ref'])
		.where('id', '=', paymentId)
		.where('provider', '=', 'stripe')
		.where('status', '=', 'failed')
		.where('failure_code', 'in', [...codes])
		.executeTakeFirst()
