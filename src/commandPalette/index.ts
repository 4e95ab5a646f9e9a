export { PaletteButton } from './PaletteButton';
export { PaletteProvider } from './PaletteProvider';
