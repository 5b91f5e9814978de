// Spec section 9: grade distribution buckets 0-60, 60-70, 70-80, 80-90, 90-100. A bucket holds its
// lower bound and not its upper one, except the last, which holds 100.
export const GRADE_BUCKETS = [
	{ label: '0-60', min: 0, max: 60 },
	{ label: '60-70', min: 60, max: 70 },
	{ label: '70-80', min: 70, max: 80 },
	{ label: '80-90', min: 80, max: 90 },
	{ label: '90-100', min: 90, max: 100 },
] as const

export type GradeBucket = { label: (typeof GRADE_BUCKETS)[number]['label']; count: number }

/** How many grades fall in each bucket; grades outside 0-100 (or not numbers) are left out. */
export function gradeDistribution(grades: readonly number[]): GradeBucket[] {
	const counts = GRADE_BUCKETS.map((bucket) => ({ label: bucket.label, count: 0 }))
	for (const grade of grades) {
		if (!Number.isFinite(grade) || grade < 0 || grade > 100) continue
		const index = GRADE_BUCKETS.findIndex((bucket) => grade < bucket.max)
		const slot = counts[index === -1 ? GRADE_BUCKETS.length - 1 : index]
		if (slot) slot.count += 1
	}
	return counts
}

/** The mean grade to one decimal, or null with no grades. */
export function averageGrade(grades: readonly number[]): number | null {
	const valid = grades.filter((grade) => Number.isFinite(grade))
	if (!valid.length) return null
	return Math.round((valid.reduce((sum, grade) => sum + grade, 0) / valid.length) * 10) / 10
}
