import sharp from 'sharp';

/** A small real JPEG (solid colour), for image endpoints. */
export async function sampleJpeg(width = 64, height = 48, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A small real PNG. */
export async function samplePng(width = 32, height = 32, colour = '#ff8800'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}
