import { expect, test } from 'vitest'
import {
	countsAsPending,
	countsAsSubmitted,
	DEFAULT_STATUS_STYLE,
	progressFromCounts,
	statusStyle,
	submissionProgress,
} from './status'

test('each status has its own colour and anything else the default', () => {
	const styles = ['Submitted', 'Pending', 'Graded', 'Late'].map(statusStyle)
	expect(new Set(styles).size).toBe(4)
	expect(styles).not.toContain(DEFAULT_STATUS_STYLE)
	expect(statusStyle('Graded')).toContain('green')
	expect(statusStyle('Late')).toContain('red')
	expect(statusStyle('Archived')).toBe(DEFAULT_STATUS_STYLE)
	expect(statusStyle('graded')).toBe(DEFAULT_STATUS_STYLE)
	expect(statusStyle(null)).toBe(DEFAULT_STATUS_STYLE)
	expect(statusStyle(undefined)).toBe(DEFAULT_STATUS_STYLE)
})

test('Submitted and Graded count as submitted; Late and Pending as pending', () => {
	expect(['Submitted', 'Graded'].every(countsAsSubmitted)).toBe(true)
	expect(['Late', 'Pending'].some(countsAsSubmitted)).toBe(false)
	expect(['Late', 'Pending'].every(countsAsPending)).toBe(true)
	expect(['Submitted', 'Graded'].some(countsAsPending)).toBe(false)
	expect(countsAsSubmitted('Other')).toBe(false)
	expect(countsAsPending(null)).toBe(false)
})

test('progress counts submitted and pending items, ignoring unknown statuses', () => {
	expect(
		submissionProgress(['Submitted', 'Graded', 'Late', 'Pending', 'Pending', 'Other', null]),
	).toEqual({
		submitted: 2,
		pending: 3,
	})
	expect(submissionProgress([])).toEqual({ submitted: 0, pending: 0 })
})

test('progress from per-status totals follows the same rule', () => {
	expect(progressFromCounts({ Submitted: 2, Graded: 3, Late: 1, Pending: 4, Other: 9 })).toEqual({
		submitted: 5,
		pending: 5,
	})
	expect(progressFromCounts({})).toEqual({ submitted: 0, pending: 0 })
})
