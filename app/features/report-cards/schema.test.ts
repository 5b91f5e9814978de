import { expect, test } from 'vitest'
import { reportCardFormSchema } from './schema'

test('blank component rows are left out; filled ones keep their remark or null', () => {
	const result = reportCardFormSchema.parse({
		score: 80,
		components: [{ name: 'Homework', score: 90, remark: 'Neat' }, {}, { name: 'Exam', score: 70 }],
	})
	expect(result.components).toEqual([
		{ name: 'Homework', score: 90, remark: 'Neat' },
		{ name: 'Exam', score: 70, remark: null },
	])
})

test('a named row needs a score and a scored row needs a name', () => {
	const missingScore = reportCardFormSchema.safeParse({
		score: 80,
		components: [{ name: 'Homework' }],
	})
	expect(missingScore.error?.issues[0]?.path).toEqual(['components', 0, 'score'])
	const missingName = reportCardFormSchema.safeParse({ score: 80, components: [{ score: 50 }] })
	expect(missingName.error?.issues[0]?.path).toEqual(['components', 0, 'name'])
})

test('scores are whole numbers from 0 to 100', () => {
	for (const score of [-1, 101, 50.5])
		expect(reportCardFormSchema.safeParse({ score }).success).toBe(false)
	expect(reportCardFormSchema.safeParse({ score: 0 }).success).toBe(true)
})
