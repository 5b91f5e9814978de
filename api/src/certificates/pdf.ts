import { PDFDocument, PDFName, PDFString, rgb, type Color, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import { anyScriptText, type Weight } from '../pdf/any-script-text.ts'

export type CertificateContent = {
	studentName: string
	courseTitle: string
	issuerName: string
	issuedAt: Date
	publicId: string
	verifyUrl: string
}

const INDIGO = rgb(0.216, 0.188, 0.639)
const SLATE = rgb(0.2, 0.255, 0.333)

/** A dark square per QR module, drawn as vectors so it stays sharp when printed. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
	const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
	const count = qr.modules.size
	const quiet = 2
	const cell = size / (count + quiet * 2)
	page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) })
	for (let row = 0; row < count; row++) {
		for (let col = 0; col < count; col++) {
			if (!qr.modules.get(row, col)) continue
			page.drawRectangle({
				x: x + (col + quiet) * cell,
				y: y + size - (row + quiet + 1) * cell,
				width: cell,
				height: cell,
				color: rgb(0, 0, 0),
			})
		}
	}
}

/** Makes a rectangle of the page open `url` when clicked. */
function addLink(page: PDFPage, url: string, rect: [number, number, number, number]) {
	const context = page.doc.context
	const annotation = context.register(
		context.obj({
			Type: 'Annot',
			Subtype: 'Link',
			Rect: rect,
			Border: [0, 0, 0],
			A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
		}),
	)
	page.node.set(PDFName.of('Annots'), context.obj([annotation]))
}

/** A one-page landscape A4 certificate with a QR code for its public verification page. */
export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	doc.setTitle(`Certificate of completion: ${content.courseTitle}`)
	doc.setAuthor(content.issuerName)
	doc.setSubject(`Verify at ${content.verifyUrl}`)
	doc.setCreator('TutorHub')
	doc.setCreationDate(content.issuedAt)
	const page = doc.addPage([842, 595])
	const { width, height } = page.getSize()
	const line = anyScriptText(doc)

	page.drawRectangle({
		x: 24,
		y: 24,
		width: width - 48,
		height: height - 48,
		borderColor: INDIGO,
		borderWidth: 4,
	})
	page.drawRectangle({
		x: 34,
		y: 34,
		width: width - 68,
		height: height - 68,
		borderColor: INDIGO,
		borderWidth: 1,
	})

	const maxWidth = width - 140
	const centred = async (
		text: string,
		y: number,
		size: number,
		weight: Weight = 400,
		color: Color = SLATE,
	) => {
		let laidOut = await line(text, weight)
		let fontSize = size
		while (laidOut.widthAt(fontSize) > maxWidth && fontSize > 10) fontSize -= 1
		if (laidOut.widthAt(fontSize) > maxWidth)
			laidOut = await line(`${[...text].slice(0, 80).join('')}...`, weight)
		laidOut.draw(page, { x: (width - laidOut.widthAt(fontSize)) / 2, y, size: fontSize, color })
	}
	const left = async (text: string, x: number, y: number, size: number, color: Color = SLATE) =>
		(await line(text)).draw(page, { x, y, size, color })

	await centred('TutorHub', height - 90, 18, 700, INDIGO)
	await centred('Certificate of Completion', height - 140, 34, 700, INDIGO)
	await centred('This certifies that', height - 190, 14)
	await centred(content.studentName, height - 235, 30, 700, rgb(0, 0, 0))
	await centred('has successfully completed the course', height - 275, 14)
	await centred(content.courseTitle, height - 315, 22, 700, rgb(0, 0, 0))
	const issued = content.issuedAt.toLocaleDateString('en-US', {
		year: 'numeric',
		month: 'long',
		day: 'numeric',
		timeZone: 'UTC',
	})
	await centred(`Issued by ${content.issuerName} on ${issued}`, height - 355, 13)

	const qrSize = 110
	const qrX = width - 60 - qrSize
	const qrY = 60
	drawQr(page, content.verifyUrl, qrX, qrY, qrSize)
	await left('Scan to verify', qrX + 22, qrY - 12, 9)
	await left(`Certificate ID: ${content.publicId}`, 60, 92, 10)
	await left('Check that this certificate is genuine at:', 60, 76, 10)
	await left(content.verifyUrl, 60, 62, 9, INDIGO)
	addLink(page, content.verifyUrl, [qrX, qrY, qrX + qrSize, qrY + qrSize])

	// Plain objects (no object streams), so the link and metadata stay readable to simple tools.
	return doc.save({ useObjectStreams: false })
}
