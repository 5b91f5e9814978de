import { PDFDocument, PDFName, PDFString, rgb, StandardFonts, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'

export type CertificateContent = {
	studentName: string
	courseTitle: string
	issuerName: string
	issuedAt: Date
	publicId: string
	verifyUrl: string
}

/** The standard PDF fonts only cover Latin-1: accents are kept where they fold, the rest is '?'. */
export const pdfSafe = (text: string) =>
	text
		.normalize('NFC')
		.replace(/[^\x20-\x7e\xa0-\xff]/g, (char) => {
			const folded = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
			return /^[\x20-\x7e]+$/.test(folded) ? folded : '?'
		})

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
	doc.setTitle(pdfSafe(`Certificate of completion: ${content.courseTitle}`))
	doc.setAuthor(pdfSafe(content.issuerName))
	doc.setSubject(`Verify at ${content.verifyUrl}`)
	doc.setCreator('TutorHub')
	doc.setCreationDate(content.issuedAt)
	const page = doc.addPage([842, 595])
	const { width, height } = page.getSize()
	const regular = await doc.embedFont(StandardFonts.Helvetica)
	const bold = await doc.embedFont(StandardFonts.HelveticaBold)

	page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: INDIGO, borderWidth: 4 })
	page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: INDIGO, borderWidth: 1 })

	const centred = (text: string, y: number, size: number, font = regular, color = SLATE) => {
		let safe = pdfSafe(text)
		let fontSize = size
		while (font.widthOfTextAtSize(safe, fontSize) > width - 140 && fontSize > 10) fontSize -= 1
		if (font.widthOfTextAtSize(safe, fontSize) > width - 140) safe = `${safe.slice(0, 80)}...`
		const textWidth = font.widthOfTextAtSize(safe, fontSize)
		page.drawText(safe, { x: (width - textWidth) / 2, y, size: fontSize, font, color })
	}

	centred('TutorHub', height - 90, 18, bold, INDIGO)
	centred('Certificate of Completion', height - 140, 34, bold, INDIGO)
	centred('This certifies that', height - 190, 14)
	centred(content.studentName, height - 235, 30, bold, rgb(0, 0, 0))
	centred('has successfully completed the course', height - 275, 14)
	centred(content.courseTitle, height - 315, 22, bold, rgb(0, 0, 0))
	const issued = content.issuedAt.toLocaleDateString('en-US', {
		year: 'numeric',
		month: 'long',
		day: 'numeric',
		timeZone: 'UTC',
	})
	centred(`Issued by ${content.issuerName} on ${issued}`, height - 355, 13)

	const qrSize = 110
	const qrX = width - 60 - qrSize
	const qrY = 60
	drawQr(page, content.verifyUrl, qrX, qrY, qrSize)
	page.drawText('Scan to verify', { x: qrX + 22, y: qrY - 12, size: 9, font: regular, color: SLATE })
	page.drawText(`Certificate ID: ${content.publicId}`, { x: 60, y: 92, size: 10, font: regular, color: SLATE })
	page.drawText('Check that this certificate is genuine at:', { x: 60, y: 76, size: 10, font: regular, color: SLATE })
	page.drawText(pdfSafe(content.verifyUrl), { x: 60, y: 62, size: 9, font: regular, color: INDIGO })
	addLink(page, content.verifyUrl, [qrX, qrY, qrX + qrSize, qrY + qrSize])

	// Plain objects (no object streams), so the link and metadata stay readable to simple tools.
	return doc.save({ useObjectStreams: false })
}
