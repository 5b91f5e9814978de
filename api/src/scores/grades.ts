/** Spec section 9: grade distribution buckets. A score on a boundary belongs to the upper one. */
export const GRADE_BUCKETS = ['0-60', '60-70', '70-80', '80-90', '90-100'] as const
export type GradeBucket = (typeof GRADE_BUCKETS)[number]

export function bucketOf(score: number): GradeBucket {
	if (score >= 90) return '90-100'
	if (score >= 80) return '80-90'
	if (score >= 70) return '70-80'
	if (score >= 60) return '60-70'
	return '0-60'
}

/** The mean rounded to two decimals; null for no scores. */
export function averageOf(scores: number[]): number | null {
	if (scores.length === 0) return null
	const sum = scores.reduce((total, score) => total + score, 0)
	return Math.round((sum / scores.length) * 100) / 100
}
