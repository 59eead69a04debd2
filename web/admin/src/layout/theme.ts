import { defaultTheme } from 'react-admin';

/** react-admin's default blues fail WCAG AA contrast with white text and on white: darker shades pass (over 7:1). */
export const theme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1a4f8b' }, secondary: { main: '#1a4f8b' } },
  // Wide enough for the longest menu label (de "Benutzerdefinierte Felder"); longer ones wrap (AdminLayout).
  sidebar: { ...defaultTheme.sidebar, width: 264 },
};
