// Tailwind v4 runs as a single PostCSS plugin; it finds sources on its own.
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
}

export default config
