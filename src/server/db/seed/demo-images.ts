import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '../../services/images.js';

/**
 * Demo deal pictures, drawn locally (no network): a simple silhouette of the kind of product on a soft background in
 * the deal's colour. Never any text: the card already shows the title and the price, and a picture that repeats them
 * looks like a placeholder. Every drawing sits in an 800x600 box centred on (400, 300).
 */
// biome-ignore format: a list of names, several a line
export const DEMO_IMAGE_KINDS = [
  'tv', 'monitor', 'laptop', 'phone', 'tablet', 'headphones', 'earbuds', 'speaker', 'orb-speaker', 'camera', 'watch',
  'console', 'gamepad', 'handheld', 'game', 'disc', 'vr', 'mouse', 'keyboard', 'chip', 'printer', 'kettle', 'air-fryer',
  'vacuum', 'coffee-machine', 'mug', 'pan', 'pot', 'bulb', 'bed', 'jacket', 'tshirt', 'jumper', 'jeans', 'trainer',
  'boot', 'toothbrush', 'jar', 'bottle', 'pills', 'shaver', 'straightener', 'bricks', 'teddy', 'toy-car', 'house',
  'crayons', 'book', 'ticket', 'card', 'food', 'chocolates', 'cans', 'train', 'plane', 'suitcase', 'backpack', 'tent',
  'bike', 'dumbbell', 'tyre', 'battery', 'spanner', 'drill', 'paint', 'tape-measure', 'chair', 'notebook', 'desk',
  'basket', 'toilet-roll', 'detergent', 'fruit', 'router', 'sim', 'shelf', 'armchair', 'curtains', 'candle', 'rug',
  'mower', 'bbq', 'hose', 'hedge-trimmer', 'car-seat', 'pram', 'baby-bottle', 'envelope', 'sunglasses', 'doorbell',
  'gift',
] as const;
export type DemoImageKind = (typeof DEMO_IMAGE_KINDS)[number];

interface Palette {
  /** The object's main colour (light on the coloured background). */
  body: string;
  /** Shadows, outlines, screens. */
  dark: string;
  /** A second tone of the deal's colour. */
  mid: string;
  /** A contrasting detail. */
  accent: string;
}

const r = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
const c = (cx: number, cy: number, radius: number, fill: string) => `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${fill}"/>`;
const e = (cx: number, cy: number, rx: number, ry: number, fill: string) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
const p = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;
const s = (d: string, stroke: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const ring = (cx: number, cy: number, radius: number, stroke: string, width: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${stroke}" stroke-width="${width}"/>`;
const times = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('');

// biome-ignore format: one drawing a line
const DRAW: Record<DemoImageKind, (k: Palette) => string> = {
  tv: (k) => r(150, 110, 500, 300, k.dark, 16) + r(166, 126, 468, 268, k.mid, 6) + p('M180 380 L330 230 L420 320 L480 270 L620 380 Z', k.body) + c(560, 180, 30, k.body) + r(375, 410, 50, 40, k.dark) + r(290, 445, 220, 16, k.dark, 8),
  monitor: (k) => r(180, 100, 440, 270, k.dark, 14) + r(196, 116, 408, 226, k.mid, 4) + r(220, 140, 160, 20, k.body, 6) + r(220, 175, 240, 20, k.body, 6) + r(220, 210, 120, 20, k.body, 6) + p('M380 370 L420 370 L440 450 L360 450 Z', k.dark) + r(300, 450, 200, 16, k.dark, 8),
  laptop: (k) => r(230, 130, 340, 220, k.dark, 14) + r(246, 146, 308, 188, k.mid, 4) + p('M170 370 L630 370 L600 420 L200 420 Z', k.body) + r(350, 378, 100, 10, k.dark, 5),
  phone: (k) => r(320, 80, 160, 330, k.dark, 30) + r(332, 100, 136, 290, k.mid, 18) + r(375, 88, 50, 8, k.body, 4) + c(400, 190, 34, k.body) + r(352, 260, 96, 14, k.body, 7) + r(352, 290, 70, 14, k.body, 7),
  tablet: (k) => r(210, 120, 380, 270, k.dark, 26) + r(228, 138, 344, 234, k.mid, 12) + p('M250 350 L350 250 L420 320 L470 280 L550 350 Z', k.body) + c(500, 190, 26, k.body),
  headphones: (k) => s('M260 330 C260 140 540 140 540 330', k.body, 36) + r(210, 290, 90, 150, k.dark, 40) + r(500, 290, 90, 150, k.dark, 40) + r(230, 310, 50, 110, k.mid, 25) + r(520, 310, 50, 110, k.mid, 25),
  earbuds: (k) => r(270, 260, 260, 170, k.body, 70) + s('M280 320 L520 320', k.mid, 6) + c(400, 370, 8, k.accent) + c(330, 170, 40, k.body) + r(318, 180, 24, 80, k.body, 12) + c(470, 170, 40, k.body) + r(458, 180, 24, 80, k.body, 12) + c(330, 170, 16, k.dark) + c(470, 170, 16, k.dark),
  speaker: (k) => r(310, 100, 180, 340, k.dark, 70) + times(5, (i) => times(3, (j) => c(355 + j * 45, 170 + i * 48, 14, k.mid))) + r(380, 410, 40, 10, k.accent, 5),
  'orb-speaker': (k) => p('M240 380 A160 160 0 1 1 560 380 Z', k.body) + r(240, 372, 320, 36, k.dark, 18) + r(330, 380, 140, 16, k.accent, 8) + times(4, (i) => c(340 + i * 40, 300, 8, k.mid)),
  camera: (k) => r(200, 170, 400, 240, k.dark, 26) + r(250, 140, 100, 40, k.dark, 10) + c(400, 290, 95, k.body) + c(400, 290, 70, k.mid) + c(400, 290, 38, k.dark) + c(385, 275, 12, k.body) + c(545, 205, 14, k.accent),
  watch: (k) => r(345, 70, 110, 150, k.mid, 20) + r(345, 380, 110, 150, k.mid, 20) + r(315, 190, 170, 220, k.dark, 46) + r(333, 208, 134, 184, k.body, 34) + s('M400 300 L400 250 M400 300 L440 320', k.dark, 10) + r(485, 260, 16, 50, k.dark, 6),
  console: (k) => r(250, 90, 170, 330, k.body, 30) + r(420, 110, 60, 290, k.mid, 24) + r(270, 120, 12, 250, k.dark, 6) + p('M330 470 C300 470 290 420 330 405 L470 405 C510 420 500 470 470 470 Z', k.dark) + c(360, 430, 10, k.mid) + c(440, 430, 10, k.mid),
  gamepad: (k) => p('M230 240 C250 190 550 190 570 240 C610 340 640 430 580 440 C540 446 520 400 490 380 L310 380 C280 400 260 446 220 440 C160 430 190 340 230 240 Z', k.body) + r(265, 270, 70, 22, k.dark, 6) + r(289, 246, 22, 70, k.dark, 6) + c(510, 250, 14, k.accent) + c(540, 280, 14, k.mid) + c(480, 280, 14, k.mid) + c(510, 310, 14, k.dark) + c(355, 340, 26, k.dark) + c(445, 340, 26, k.dark),
  handheld: (k) => r(130, 180, 540, 240, k.dark, 70) + r(250, 200, 300, 200, k.mid, 10) + p('M270 380 L350 290 L410 350 L450 310 L530 380 Z', k.body) + c(190, 260, 28, k.body) + c(610, 340, 28, k.body) + r(170, 320, 50, 16, k.body, 6) + r(187, 303, 16, 50, k.body, 6) + c(610, 240, 12, k.accent) + c(640, 270, 12, k.accent),
  game: (k) => r(270, 80, 260, 360, k.dark, 10) + r(286, 120, 228, 300, k.mid, 4) + p('M286 420 L286 330 L360 260 L430 330 L470 300 L514 340 L514 420 Z', k.body) + c(460, 190, 32, k.accent) + r(270, 80, 260, 30, k.body, 10),
  disc: (k) => r(250, 110, 250, 320, k.dark, 12) + r(262, 122, 226, 296, k.mid, 6) + c(470, 280, 150, k.body) + c(470, 280, 130, k.mid) + ring(470, 280, 95, k.body, 4) + c(470, 280, 30, k.body) + c(470, 280, 12, k.dark),
  vr: (k) => s('M200 280 C200 170 600 170 600 280', k.dark, 26) + r(210, 230, 380, 170, k.body, 60) + r(240, 260, 320, 110, k.dark, 45) + c(330, 315, 34, k.mid) + c(470, 315, 34, k.mid),
  mouse: (k) => r(310, 110, 180, 330, k.body, 90) + s('M400 120 L400 230', k.mid, 6) + r(388, 150, 24, 50, k.dark, 12) + p('M310 230 L490 230', k.mid),
  keyboard: (k) => r(130, 170, 540, 230, k.dark, 24) + times(3, (row) => times(10, (i) => r(156 + i * 50, 196 + row * 52, 40, 40, k.body, 8))) + r(256, 352, 290, 34, k.body, 8),
  chip: (k) => r(150, 200, 500, 160, k.mid, 12) + times(4, (i) => r(190 + i * 110, 230, 80, 100, k.dark, 6)) + times(20, (i) => r(165 + i * 24, 360, 14, 34, k.body, 2)) + r(380, 360, 20, 34, k.mid),
  printer: (k) => r(270, 90, 260, 130, k.body, 8) + r(190, 200, 420, 170, k.dark, 24) + r(220, 330, 360, 20, k.mid, 10) + r(260, 350, 280, 90, k.body, 4) + c(560, 240, 10, k.accent) + r(230, 230, 120, 14, k.mid, 7),
  kettle: (k) => p('M270 430 L300 170 C305 130 495 130 500 170 L530 430 Z', k.body) + s('M500 200 C600 200 600 380 515 380', k.body, 30) + p('M300 210 L210 170 L220 220 L296 260 Z', k.body) + r(330, 120, 140, 30, k.dark, 14) + r(260, 425, 280, 30, k.dark, 12) + r(330, 240, 20, 150, k.mid, 10),
  'air-fryer': (k) => r(250, 90, 300, 370, k.dark, 60) + r(280, 250, 240, 170, k.mid, 30) + r(350, 310, 100, 26, k.body, 13) + c(400, 160, 40, k.body) + c(400, 160, 16, k.mid),
  vacuum: (k) => s('M480 90 L330 430', k.body, 22) + r(445, 70, 120, 120, k.dark, 40) + r(460, 85, 60, 90, k.mid, 24) + p('M250 420 L420 420 L430 460 L240 460 Z', k.dark) + c(270, 470, 14, k.body) + c(405, 470, 14, k.body),
  'coffee-machine': (k) => r(250, 80, 300, 380, k.dark, 26) + r(280, 110, 240, 80, k.mid, 12) + r(375, 190, 50, 50, k.body, 8) + r(300, 340, 200, 90, k.mid, 10) + p('M350 290 L450 290 L440 370 L360 370 Z', k.body) + s('M450 310 C480 310 480 350 445 350', k.body, 10),
  mug: (k) => p('M270 220 L510 220 L490 450 L290 450 Z', k.body) + s('M505 260 C600 260 600 390 495 390', k.body, 30) + s('M340 170 C320 140 360 120 340 90 M400 170 C380 140 420 120 400 90 M460 170 C440 140 480 120 460 90', k.body, 12) + r(300, 300, 180, 40, k.mid, 8),
  pan: (k) => c(340, 300, 160, k.dark) + c(340, 300, 135, k.mid) + r(490, 280, 220, 40, k.dark, 20) + c(300, 270, 30, k.body),
  pot: (k) => r(220, 230, 360, 200, k.body, 40) + r(200, 210, 400, 40, k.dark, 20) + r(360, 170, 80, 40, k.dark, 20) + r(160, 260, 60, 40, k.body, 18) + r(580, 260, 60, 40, k.body, 18) + r(250, 300, 300, 30, k.mid, 12),
  bulb: (k) => c(400, 230, 140, k.body) + p('M330 330 L470 330 L450 400 L350 400 Z', k.body) + r(345, 400, 110, 70, k.dark, 12) + s('M350 420 L450 420 M350 445 L450 445', k.mid, 8) + s('M360 250 C380 200 420 200 440 250', k.mid, 10) + s('M200 120 L160 90 M600 120 L640 90 M400 60 L400 20', k.body, 10),
  bed: (k) => r(150, 220, 500, 180, k.dark, 16) + r(130, 170, 40, 290, k.dark, 12) + r(630, 250, 40, 210, k.dark, 12) + r(180, 190, 150, 70, k.body, 30) + r(250, 250, 380, 120, k.mid, 20) + r(250, 250, 380, 30, k.body, 14),
  jacket: (k) => p('M310 100 L400 140 L490 100 L600 160 L640 440 L560 440 L540 260 L540 470 L260 470 L260 260 L240 440 L160 440 L200 160 Z', k.body) + s('M400 140 L400 470', k.dark, 8) + times(5, (i) => s(`M262 ${200 + i * 55} L538 ${200 + i * 55}`, k.mid, 6)),
  tshirt: (k) => p('M320 110 C350 150 450 150 480 110 L630 170 L590 270 L530 240 L530 470 L270 470 L270 240 L210 270 L170 170 Z', k.body) + p('M330 110 C360 170 440 170 470 110', k.mid) + r(370, 260, 60, 60, k.accent, 30),
  jumper: (k) => p('M320 110 C350 150 450 150 480 110 L600 160 L660 430 L590 440 L540 260 L540 470 L260 470 L260 260 L210 440 L140 430 L200 160 Z', k.body) + r(262, 440, 276, 30, k.mid, 8) + times(6, (i) => s(`M${290 + i * 45} 200 L${290 + i * 45} 430`, k.mid, 4)),
  jeans: (k) => p('M270 90 L530 90 L560 470 L440 470 L400 220 L360 470 L240 470 Z', k.mid) + r(270, 90, 260, 40, k.dark, 4) + s('M300 150 C320 190 360 190 380 150 M420 150 C440 190 480 190 500 150', k.dark, 5) + r(392, 90, 16, 130, k.dark),
  trainer: (k) => p('M150 380 C150 300 250 250 330 230 L420 260 C470 280 560 300 620 330 C660 350 660 400 640 410 L160 410 Z', k.body) + r(150, 395, 500, 40, k.dark, 20) + s('M350 255 L320 330 M390 270 L360 340 M430 285 L400 345', k.mid, 8) + p('M480 330 L600 350 L560 380 Z', k.accent),
  boot: (k) => p('M280 90 L450 90 L460 300 C560 310 620 340 620 400 L620 430 L250 430 L250 300 Z', k.dark) + r(240, 420, 390, 40, k.body, 16) + s('M290 140 L420 140 M290 180 L420 180 M290 220 L420 220', k.mid, 8) + r(300, 90, 120, 20, k.mid, 6),
  toothbrush: (k) => r(360, 180, 80, 290, k.body, 36) + r(380, 60, 40, 160, k.body, 20) + times(4, (i) => r(384, 70 + i * 22, 32, 14, k.mid, 4)) + c(400, 330, 16, k.accent) + r(330, 450, 140, 30, k.dark, 12),
  jar: (k) => r(260, 150, 280, 290, k.body, 40) + r(280, 100, 240, 70, k.dark, 20) + r(290, 240, 220, 120, k.mid, 16) + c(400, 300, 30, k.body),
  bottle: (k) => p('M360 80 L440 80 L440 170 C520 200 530 250 530 300 L530 450 C530 470 510 480 490 480 L310 480 C290 480 270 470 270 450 L270 300 C270 250 280 200 360 170 Z', k.body) + r(350, 60, 100, 40, k.dark, 8) + r(290, 290, 220, 120, k.mid, 12) + c(400, 350, 24, k.body),
  pills: (k) => r(200, 150, 190, 300, k.body, 30) + r(190, 110, 210, 60, k.dark, 14) + r(220, 240, 150, 120, k.mid, 10) + p('M470 200 A50 50 0 0 1 540 270 L580 310 L510 380 L430 300 A50 50 0 0 1 470 200 Z', k.accent) + p('M510 380 L580 310 A50 50 0 0 1 580 380 A50 50 0 0 1 510 380 Z', k.body) + c(490, 420, 34, k.body),
  shaver: (k) => r(340, 180, 120, 290, k.dark, 50) + r(300, 90, 200, 100, k.body, 40) + times(3, (i) => r(318 + i * 58, 110, 46, 60, k.mid, 20)) + c(400, 270, 18, k.accent),
  straightener: (k) => p('M380 460 L330 90 L370 80 L410 440 Z', k.dark) + p('M420 460 L470 90 L430 80 L390 440 Z', k.body) + r(337, 100, 28, 160, k.mid, 8) + r(436, 100, 28, 160, k.mid, 8) + s('M400 460 C400 500 450 500 470 520', k.dark, 8),
  bricks: (k) => r(220, 290, 360, 150, k.accent) + times(4, (i) => r(240 + i * 90, 260, 50, 34, k.accent, 6)) + r(270, 150, 260, 140, k.body) + times(3, (i) => r(290 + i * 85, 120, 50, 34, k.body, 6)) + r(220, 290, 360, 10, k.dark) + r(270, 150, 260, 8, k.mid),
  teddy: (k) => c(310, 130, 50, k.body) + c(490, 130, 50, k.body) + c(310, 130, 24, k.mid) + c(490, 130, 24, k.mid) + c(400, 210, 110, k.body) + e(400, 390, 150, 110, k.body) + e(400, 250, 46, 36, k.mid) + c(360, 190, 12, k.dark) + c(440, 190, 12, k.dark) + c(400, 238, 12, k.dark) + c(270, 440, 46, k.body) + c(530, 440, 46, k.body),
  'toy-car': (k) => p('M150 360 L190 290 L300 280 L360 200 L520 200 L590 280 L650 300 L660 370 Z', k.body) + p('M380 220 L500 220 L550 280 L350 280 Z', k.mid) + c(270, 380, 55, k.dark) + c(540, 380, 55, k.dark) + c(270, 380, 22, k.mid) + c(540, 380, 22, k.mid) + r(600, 310, 40, 16, k.accent, 6),
  house: (k) => p('M180 260 L400 90 L620 260 Z', k.accent) + r(220, 250, 360, 220, k.body) + r(360, 350, 80, 120, k.dark, 6) + r(250, 290, 80, 70, k.mid, 6) + r(470, 290, 80, 70, k.mid, 6) + r(500, 120, 50, 90, k.dark),
  crayons: (k) => times(5, (i) => r(220 + i * 75, 160 + (i % 2) * 30, 50, 270, [k.accent, k.body, k.mid, k.dark, k.body][i], 8) + p(`M${220 + i * 75} ${160 + (i % 2) * 30} L${245 + i * 75} ${100 + (i % 2) * 30} L${270 + i * 75} ${160 + (i % 2) * 30} Z`, [k.accent, k.body, k.mid, k.dark, k.body][i])),
  book: (k) => p('M200 130 L390 150 L390 470 L200 450 Z', k.body) + p('M410 150 L600 130 L600 450 L410 470 Z', k.body) + r(390, 150, 20, 320, k.dark) + times(5, (i) => s(`M230 ${200 + i * 45} L360 ${210 + i * 45} M440 ${210 + i * 45} L570 ${200 + i * 45}`, k.mid, 8)),
  ticket: (k) => p('M170 190 L630 190 L630 260 A40 40 0 0 0 630 340 L630 410 L170 410 L170 340 A40 40 0 0 0 170 260 Z', k.body) + s('M460 200 L460 400', k.mid, 6) + c(320, 300, 50, k.accent) + r(500, 250, 90, 20, k.mid, 10) + r(500, 290, 70, 20, k.mid, 10) + r(500, 330, 90, 20, k.mid, 10),
  card: (k) => r(170, 150, 460, 290, k.body, 28) + r(170, 210, 460, 50, k.dark) + r(210, 300, 80, 60, k.accent, 10) + r(320, 320, 220, 18, k.mid, 9) + r(320, 360, 140, 18, k.mid, 9),
  food: (k) => p('M160 330 C160 230 640 230 640 330 C640 390 160 390 160 330 Z', k.accent) + e(400, 300, 250, 70, k.body) + s('M230 280 L270 320 M320 270 L360 310 M410 265 L450 305 M500 270 L540 310', k.mid, 10) + e(400, 410, 200, 16, k.dark),
  chocolates: (k) => r(170, 170, 460, 280, k.dark, 20) + times(2, (row) => times(4, (i) => c(240 + i * 107, 245 + row * 130, 46, row === 0 && i % 2 ? k.accent : k.body))) + r(170, 150, 460, 40, k.mid, 14),
  cans: (k) => times(3, (i) => r(200 + i * 140, 140, 120, 300, i === 1 ? k.body : k.mid, 20) + r(210 + i * 140, 130, 100, 20, k.dark, 8) + r(200 + i * 140, 250, 120, 60, k.accent)),
  train: (k) => r(250, 80, 300, 360, k.body, 60) + r(280, 130, 240, 120, k.dark, 20) + c(310, 340, 24, k.accent) + c(490, 340, 24, k.accent) + r(330, 290, 140, 24, k.mid, 12) + s('M290 440 L230 500 M510 440 L570 500', k.body, 14) + r(200, 490, 400, 14, k.dark, 7),
  plane: (k) => p('M150 330 L620 250 C670 240 690 280 650 300 L170 370 Z', k.body) + p('M360 300 L270 140 L320 130 L460 285 Z', k.body) + p('M420 320 L330 460 L380 470 L500 315 Z', k.mid) + p('M190 335 L150 250 L190 245 L240 325 Z', k.mid) + times(5, (i) => c(470 + i * 30, 275 - i * 5, 7, k.dark)),
  suitcase: (k) => r(270, 150, 260, 310, k.body, 30) + s('M340 150 L340 90 L460 90 L460 150', k.dark, 16) + times(3, (i) => r(310 + i * 70, 170, 40, 270, k.mid, 12)) + c(310, 475, 16, k.dark) + c(490, 475, 16, k.dark),
  backpack: (k) => r(260, 120, 280, 350, k.body, 70) + s('M340 130 C340 70 460 70 460 130', k.dark, 16) + r(290, 290, 220, 150, k.mid, 30) + r(300, 180, 200, 80, k.mid, 30) + r(370, 320, 60, 16, k.dark, 8),
  tent: (k) => p('M140 450 L400 110 L660 450 Z', k.body) + p('M400 110 L470 450 L660 450 Z', k.mid) + p('M330 450 L400 300 L470 450 Z', k.dark) + s('M400 110 L400 80', k.dark, 10) + r(120, 445, 560, 14, k.dark, 7),
  bike: (k) => ring(230, 360, 100, k.body, 22) + ring(570, 360, 100, k.body, 22) + s('M230 360 L330 220 L500 220 L570 360 M330 220 L400 360 L500 220 M400 360 L230 360', k.dark, 16) + s('M300 190 L360 190 M480 220 L470 170 L520 160', k.dark, 14) + c(400, 360, 22, k.mid),
  dumbbell: (k) => r(200, 280, 400, 40, k.dark, 20) + r(150, 190, 60, 220, k.body, 14) + r(210, 220, 40, 160, k.mid, 10) + r(590, 190, 60, 220, k.body, 14) + r(550, 220, 40, 160, k.mid, 10),
  tyre: (k) => c(400, 290, 190, k.dark) + c(400, 290, 110, k.mid) + c(400, 290, 40, k.body) + times(12, (i) => `<rect x="390" y="92" width="20" height="46" rx="6" fill="${k.body}" opacity="0.5" transform="rotate(${i * 30} 400 290)"/>`) + times(5, (i) => `<rect x="392" y="200" width="16" height="70" rx="8" fill="${k.body}" transform="rotate(${i * 72} 400 290)"/>`),
  battery: (k) => times(3, (i) => r(230 + i * 120, 150, 100, 290, k.body, 16) + r(260 + i * 120, 126, 40, 30, k.dark, 6) + r(230 + i * 120, 150, 100, 90, k.accent, 16) + r(230 + i * 120, 220, 100, 20, k.accent)),
  spanner: (k) => `<g transform="rotate(-35 400 300)">${r(380, 150, 40, 300, k.body, 16)}${c(400, 140, 70, k.body)}${r(385, 60, 30, 80, k.mid, 4)}${c(400, 460, 60, k.body)}${c(400, 460, 30, k.mid)}</g>`,
  drill: (k) => r(230, 150, 300, 110, k.accent, 40) + r(530, 185, 90, 40, k.dark, 10) + r(620, 198, 60, 14, k.body, 4) + p('M320 250 L420 250 L400 400 L300 400 Z', k.dark) + r(270, 390, 180, 80, k.accent, 20) + r(250, 170, 80, 70, k.body, 30),
  paint: (k) => p('M250 170 L550 170 L530 450 L270 450 Z', k.body) + e(400, 170, 150, 36, k.dark) + e(400, 165, 130, 26, k.mid) + r(290, 250, 220, 120, k.accent, 10) + s('M250 180 C250 80 550 80 550 180', k.dark, 8),
  'tape-measure': (k) => r(230, 170, 260, 260, k.accent, 60) + c(360, 300, 70, k.dark) + c(360, 300, 30, k.mid) + r(490, 380, 200, 40, k.body, 4) + times(8, (i) => r(505 + i * 22, 380, 4, i % 2 ? 14 : 24, k.dark)),
  chair: (k) => r(300, 70, 200, 220, k.dark, 40) + r(270, 280, 260, 60, k.dark, 26) + r(388, 340, 24, 90, k.body) + s('M260 450 L400 420 L540 450 M400 420 L400 470', k.body, 16) + c(260, 460, 16, k.mid) + c(540, 460, 16, k.mid) + c(400, 480, 16, k.mid) + r(240, 230, 30, 90, k.mid, 12) + r(530, 230, 30, 90, k.mid, 12),
  notebook: (k) => r(260, 100, 280, 380, k.dark, 20) + r(260, 100, 40, 380, k.mid, 10) + r(470, 100, 20, 380, k.accent) + r(330, 170, 150, 14, k.body, 7),
  desk: (k) => r(150, 290, 500, 30, k.body, 10) + r(200, 320, 30, 150, k.dark) + r(570, 320, 30, 150, k.dark) + r(170, 460, 90, 14, k.dark, 7) + r(540, 460, 90, 14, k.dark, 7) + r(300, 130, 200, 130, k.dark, 10) + r(310, 140, 180, 110, k.mid, 4) + r(385, 260, 30, 30, k.dark),
  basket: (k) => c(310, 210, 50, k.accent) + r(360, 130, 70, 140, k.body, 14) + r(430, 170, 90, 100, k.mid, 10) + p('M180 260 L620 260 L570 460 L230 460 Z', k.dark) + times(5, (i) => s(`M${260 + i * 70} 290 L${270 + i * 65} 430`, k.mid, 10)) + s('M250 260 L320 150 M550 260 L480 150', k.dark, 14),
  'toilet-roll': (k) => times(3, (i) => r(190 + i * 150, 160 + (i % 2) * 20, 120, 260, k.body, 14) + e(250 + i * 150, 160 + (i % 2) * 20, 60, 24, k.mid) + e(250 + i * 150, 160 + (i % 2) * 20, 20, 10, k.dark)),
  detergent: (k) => p('M260 180 L470 180 L540 260 L540 460 L260 460 Z', k.body) + r(300, 120, 80, 70, k.dark, 10) + s('M450 200 C520 200 520 300 470 300', k.mid, 26) + r(290, 300, 200, 120, k.accent, 14) + c(390, 360, 30, k.body),
  fruit: (k) => times(3, (i) => p(`M${280 + i * 120} ${260 + (i % 2) * 60} C${220 + i * 120} ${260 + (i % 2) * 60} ${230 + i * 120} ${420 + (i % 2) * 60} ${280 + i * 120} ${440 + (i % 2) * 60} C${330 + i * 120} ${420 + (i % 2) * 60} ${340 + i * 120} ${260 + (i % 2) * 60} ${280 + i * 120} ${260 + (i % 2) * 60} Z`, k.accent) + p(`M${250 + i * 120} ${265 + (i % 2) * 60} L${280 + i * 120} ${225 + (i % 2) * 60} L${310 + i * 120} ${265 + (i % 2) * 60} Z`, k.mid)) + times(9, (i) => c(265 + (i % 3) * 120 + (i % 2) * 12, 320 + Math.floor(i / 3) * 25 + (i % 3 === 1 ? 60 : 0), 4, k.body)),
  router: (k) => r(180, 280, 440, 140, k.body, 30) + s('M260 280 L230 110 M400 280 L400 90 M540 280 L570 110', k.dark, 16) + times(4, (i) => c(260 + i * 45, 350, 10, i < 3 ? k.accent : k.mid)) + r(450, 340, 120, 20, k.mid, 10),
  sim: (k) => p('M250 100 L480 100 L550 170 L550 460 L250 460 Z', k.body) + r(310, 220, 180, 160, k.accent, 20) + s('M310 300 L490 300 M400 220 L400 380 M310 260 L360 260 M440 340 L490 340', k.dark, 8),
  shelf: (k) => r(200, 80, 400, 400, k.body, 6) + times(3, (i) => r(220 + i * 128, 100, 104, 104, k.mid) + r(220 + i * 128, 228, 104, 104, i === 1 ? k.accent : k.mid) + r(220 + i * 128, 356, 104, 104, k.mid)) + r(240, 120, 30, 80, k.dark) + r(280, 130, 30, 70, k.dark),
  armchair: (k) => r(240, 110, 320, 230, k.body, 50) + r(180, 240, 90, 180, k.mid, 40) + r(530, 240, 90, 180, k.mid, 40) + r(250, 300, 300, 110, k.body, 30) + r(210, 410, 20, 60, k.dark, 6) + r(570, 410, 20, 60, k.dark, 6),
  curtains: (k) => r(150, 90, 500, 20, k.dark, 10) + p('M170 110 L380 110 L360 470 C300 440 240 470 190 460 C230 300 170 200 170 110 Z', k.body) + p('M630 110 L420 110 L440 470 C500 440 560 470 610 460 C570 300 630 200 630 110 Z', k.body) + s('M230 140 L250 440 M310 140 L300 440 M490 140 L500 440 M570 140 L550 440', k.mid, 8),
  candle: (k) => r(270, 200, 260, 270, k.body, 40) + r(260, 180, 280, 50, k.mid, 20) + s('M400 180 L400 140', k.dark, 8) + p('M400 60 C430 100 430 130 400 140 C370 130 370 100 400 60 Z', k.accent) + r(300, 290, 200, 100, k.mid, 12),
  rug: (k) => r(150, 140, 500, 320, k.body, 10) + r(180, 170, 440, 260, k.mid, 6) + p('M400 190 L560 300 L400 410 L240 300 Z', k.accent) + p('M400 240 L480 300 L400 360 L320 300 Z', k.body) + times(12, (i) => s(`M${170 + i * 42} 460 L${170 + i * 42} 490 M${170 + i * 42} 110 L${170 + i * 42} 140`, k.body, 6)),
  mower: (k) => p('M200 300 L560 300 L600 420 L180 420 Z', k.accent) + r(260, 250, 220, 60, k.dark, 20) + s('M540 300 L650 120 L700 110', k.dark, 16) + c(240, 430, 44, k.dark) + c(540, 430, 44, k.dark) + c(240, 430, 16, k.mid) + c(540, 430, 16, k.mid),
  bbq: (k) => p('M200 230 L600 230 C600 360 200 360 200 230 Z', k.dark) + p('M220 220 C220 110 580 110 580 220 Z', k.body) + r(190, 215, 420, 20, k.mid, 10) + s('M260 330 L220 470 M540 330 L580 470 M400 350 L400 470', k.dark, 14) + c(400, 140, 14, k.dark),
  hose: (k) => r(230, 150, 300, 300, k.dark, 40) + c(380, 300, 120, k.accent) + c(380, 300, 70, k.mid) + c(380, 300, 30, k.body) + s('M500 340 C580 340 600 400 620 450 L660 450', k.accent, 18) + r(200, 430, 360, 30, k.dark, 12),
  'hedge-trimmer': (k) => r(150, 270, 330, 40, k.body, 6) + times(10, (i) => r(160 + i * 32, 250, 12, 80, k.body, 4)) + r(460, 230, 200, 120, k.accent, 40) + s('M520 230 C520 150 640 150 640 230', k.dark, 18) + r(600, 300, 60, 90, k.dark, 20),
  'car-seat': (k) => p('M280 80 C380 60 460 90 470 160 L500 400 C500 450 460 470 420 470 L300 470 C250 470 230 430 240 380 L250 160 C255 110 260 90 280 80 Z', k.body) + r(280, 140, 160, 240, k.mid, 50) + s('M320 160 L350 320 M410 160 L380 320', k.dark, 12) + r(340, 300, 50, 40, k.accent, 10) + p('M200 420 L560 420 L540 470 L220 470 Z', k.dark),
  pram: (k) => p('M220 260 C220 140 330 90 420 90 L420 260 Z', k.dark) + p('M200 260 L560 260 C560 360 480 390 380 390 C280 390 200 360 200 260 Z', k.body) + s('M560 260 L640 160', k.dark, 14) + c(260, 440, 40, k.dark) + c(500, 440, 40, k.dark) + c(260, 440, 14, k.mid) + c(500, 440, 14, k.mid) + s('M300 390 L260 440 M460 390 L500 440', k.dark, 10),
  'baby-bottle': (k) => p('M370 60 C370 40 430 40 430 60 L440 130 L360 130 Z', k.accent) + r(330, 120, 140, 40, k.mid, 10) + r(320, 160, 160, 300, k.body, 40) + times(4, (i) => r(340, 220 + i * 50, 50, 8, k.mid, 4)) + r(330, 350, 140, 100, k.mid, 30),
  envelope: (k) => r(170, 150, 460, 300, k.body, 16) + s('M180 165 L400 330 L620 165', k.mid, 14) + s('M180 440 L340 290 M620 440 L460 290', k.mid, 8) + p('M360 260 C360 230 400 230 400 255 C400 230 440 230 440 260 C440 290 400 310 400 320 C400 310 360 290 360 260 Z', k.accent),
  sunglasses: (k) => p('M150 220 L370 220 L350 360 C340 400 200 400 180 360 Z', k.dark) + p('M430 220 L650 220 L620 360 C600 400 460 400 450 360 Z', k.dark) + s('M370 240 C390 220 410 220 430 240', k.dark, 16) + s('M150 225 L100 200 M650 225 L700 200', k.dark, 12) + p('M200 250 L260 250 L220 330 Z', k.mid) + p('M480 250 L540 250 L500 330 Z', k.mid),
  doorbell: (k) => r(320, 80, 160, 400, k.dark, 60) + c(400, 170, 50, k.mid) + c(400, 170, 22, k.dark) + c(400, 360, 60, k.body) + ring(400, 360, 40, k.accent, 10),
  gift: (k) => r(220, 220, 360, 240, k.body, 12) + r(200, 180, 400, 70, k.mid, 12) + r(380, 180, 40, 280, k.accent) + p('M400 180 C340 80 270 140 330 180 Z', k.accent) + p('M400 180 C460 80 530 140 470 180 Z', k.accent),
};

/** The SVG of a demo picture: `kind` on a gradient of `hue`. Exported for the test that no picture carries text. */
export function demoImageSvg(kind: DemoImageKind, hue: number): string {
  const k: Palette = {
    body: '#ffffff',
    dark: `hsl(${hue}, 45%, 22%)`,
    mid: `hsl(${hue}, 55%, 72%)`,
    accent: `hsl(${(hue + 150) % 360}, 75%, 58%)`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 62%, 52%)"/><stop offset="1" stop-color="hsl(${(hue + 35) % 360}, 68%, 36%)"/>
  </linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  <circle cx="690" cy="90" r="170" fill="#fff" opacity="0.07"/><circle cx="80" cy="560" r="160" fill="#fff" opacity="0.05"/>
  <ellipse cx="400" cy="520" rx="270" ry="26" fill="#000" opacity="0.16"/>
  ${DRAW[kind](k)}
</svg>`;
}

/**
 * Renders a demo deal picture locally into uploads/deals/ as WebP, with the -thumb sibling that storeImage() would
 * make, and returns their public paths.
 */
export async function renderDemoImage(uploadsDir: string, picture: { kind: DemoImageKind; hue: number }): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  const dir = path.join(uploadsDir, 'deals');
  await fs.mkdir(dir, { recursive: true });
  const name = `demo-${crypto.randomBytes(6).toString('hex')}`;
  // Rasterise the SVG once; effort 0 keeps the WebP encodes fast enough for ~150 images in a couple of seconds.
  const sharp = loadSharp();
  const { data, info } = await sharp(Buffer.from(demoImageSvg(picture.kind, picture.hue)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all([
    sharp(data, raw)
      .webp({ quality: 80, effort: 0 })
      .toFile(path.join(dir, `${name}.webp`)),
    sharp(data, raw)
      .resize({ width: 320 })
      .webp({ quality: 72, effort: 0 })
      .toFile(path.join(dir, `${name}-thumb.webp`)),
  ]);
  return { imageUrl: `/uploads/deals/${name}.webp`, thumbnailUrl: `/uploads/deals/${name}-thumb.webp` };
}
