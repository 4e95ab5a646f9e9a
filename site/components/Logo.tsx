/** @jsxImportSource preact */

/** The LabelLens mark: a scan frame around a leaf, in the brand green (same drawing as the favicon). */
export function Logo() {
  return (
    <svg class="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#166534" />
      <path
        d="M8 12V9a1 1 0 0 1 1-1h3M20 8h3a1 1 0 0 1 1 1v3M24 20v3a1 1 0 0 1-1 1h-3M12 24H9a1 1 0 0 1-1-1v-3"
        fill="none"
        stroke="#fff"
        stroke-width="2"
        stroke-linecap="round"
      />
      <path
        d="M12 19c0-4.5 3.5-7 8-7 0 4.5-3 7.5-8 7zm0 0 4-4"
        fill="#bbf7d0"
        stroke="#fff"
        stroke-width="1.2"
      />
    </svg>
  );
}
