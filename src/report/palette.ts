/** Okabe–Ito colours: told apart with every common colour-vision deficiency. */
export const PALETTE = {
  blue: '#0072b2',
  orange: '#e69f00',
  green: '#009e73',
  vermillion: '#d55e00',
  sky: '#56b4e9',
  purple: '#cc79a7',
  yellow: '#c9b400',
  grey: '#6b7280',
  black: '#1f2937',
} as const
