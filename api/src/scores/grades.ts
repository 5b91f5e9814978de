import type { GradeBucket } from '../../../contract/scores.ts'

// The contract's grade buckets (contract/scores.ts). The score summaries count the same bands
// (migration 022): change both together.
export { GRADE_BUCKETS, type GradeBucket } from '../../../contract/scores.ts'

export function bucketOf(score: number): GradeBucket {
	if (score >= 90) return '90-100'
	if (score >= 80) return '80-90'
	if (score >= 70) return '70-80'
	if (score >= 60) return '60-70'
	return '0-60'
}

/** The exact mean, for banding: 89.995 is in 80-90 even though it shows as 90. Null for no scores. */
export function meanOf(scores: number[]): number | null {
	if (scores.length === 0) return null
	return scores.reduce((total, score) => total + score, 0) / scores.length
}

/** The mean rounded to two decimals, for display; null for no scores. */
export function averageOf(scores: number[]): number | null {
	return roundedMean(meanOf(scores))
}

/** A mean rounded to two decimals; null stays null. */
export const roundedMean = (mean: number | null) =>
	mean === null ? null : Math.round(mean * 100) / 100
