import { expect, test } from 'vitest'
import { boardItemLabel } from './board'

test('drawings are read out by kind, text with its words', () => {
	expect(
		boardItemLabel({ id: '1', kind: 'rect', color: '#000', width: 2, points: [0, 0, 5, 5] }),
	).toBe('Rectangle')
	expect(
		boardItemLabel({
			id: '2',
			kind: 'text',
			color: '#000',
			width: 2,
			points: [0, 0],
			text: 'x = 2',
		}),
	).toBe('Text: x = 2')
})
