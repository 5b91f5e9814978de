import type { z } from 'zod'
import { averageOf, bucketOf, GRADE_BUCKETS, meanOf, roundedMean } from './grades.ts'
import type { ScoreRow } from './repository.ts'
import type { resultCard, scoreAnswer } from './schemas.ts'

const scoreValue = (row: ScoreRow) => Number(row.score)

/** The README's Score. */
export function toScore(row: ScoreRow): z.input<typeof scoreAnswer> {
	return {
		id: row.id,
		studentId: row.student_id,
		studentName: `${row.first_name} ${row.last_name}`,
		subject: row.subject,
		term: row.term,
		score: scoreValue(row),
		updatedAt: row.updated_at.toISOString(),
	}
}

/** The README's Result card: one student's scores of one term (rows of that student and term). */
export function toResultCard(term: string, rows: ScoreRow[]): z.input<typeof resultCard> {
	const [first] = rows
	if (!first) throw new Error('A result card needs at least one score')
	const values = rows.map(scoreValue)
	const average = averageOf(values) as number
	// Banded before rounding: a mean of 89.995 shows as 90 but has not reached 90-100.
	const band = bucketOf(meanOf(values) as number)
	return {
		student: {
			id: first.student_id,
			name: `${first.first_name} ${first.last_name}`,
			email: first.email,
		},
		term,
		subjects: rows.map((row) => ({
			subject: row.subject,
			score: scoreValue(row),
			bucket: bucketOf(scoreValue(row)),
		})),
		average,
		bucket: band,
	}
}

/** Result cards of a term, one per student, in the order of `rows`. */
export function toResultCards(term: string, rows: ScoreRow[]) {
	const byStudent = new Map<string, ScoreRow[]>()
	for (const row of rows) {
		const list = byStudent.get(row.student_id) ?? []
		list.push(row)
		byStudent.set(row.student_id, list)
	}
	return [...byStudent.values()].map((studentRows) => toResultCard(term, studentRows))
}

/**
 * Average per term (terms in order) and the count of scores per grade bucket, from the sums,
 * counts and band counts the database grouped (repository.ts termTotals, bandCounts).
 */
export function scoreAnalytics(
	terms: string[],
	totals: Map<string, { sum: number; count: number }>,
	bands: Map<string, number>,
) {
	const performance = terms.map((term) => {
		const { sum = 0, count = 0 } = totals.get(term) ?? {}
		return { term, average: roundedMean(count ? sum / count : null), scores: count }
	})
	const distribution = GRADE_BUCKETS.map((bucket) => ({ bucket, count: bands.get(bucket) ?? 0 }))
	return { performance, distribution }
}
