extension PocketCard {
    /// The page's style: readable in sunlight (every text at WCAG AA contrast or better), dark
    /// when the phone is, 320 px wide and up, landscape in two columns, no motion when the
    /// rider asked for less.
    static let style = #"""

        :root {
          --bg: #ffffff; --fg: #161616; --muted: #474747; --line: #d0d0d0;
          --accent: #0a4f96; --on-accent: #ffffff; --banner: #fff3c4; --on-banner: #161616;
          --passed: #5c5c5c; --warn: #9a5b00; --warn-bg: #fff7e6;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #121212; --fg: #f2f2f2; --muted: #c9c9c9; --line: #3a3a3a;
            --accent: #8cc4ff; --on-accent: #0b0b0b; --banner: #4a3b00; --on-banner: #fff6d6;
            --passed: #a8a8a8; --warn: #f0b04a; --warn-bg: #2a2111;
          }
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--fg);
          font: 1.0625rem/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        }
        main { max-width: 40rem; margin: 0 auto; padding: 0.75rem 1rem 2rem; }
        h1 { font-size: 1.35rem; margin: 0.25rem 0; overflow-wrap: anywhere; }
        h2 { font-size: 1.05rem; margin: 1rem 0 0.4rem; }
        p { margin: 0.3rem 0; }
        .note { color: var(--muted); font-size: 0.95rem; }
        .count { margin: 0.4rem 0 0.6rem; }
        .count-label { color: var(--muted); font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
        .countdown {
          font-size: clamp(2.6rem, 15vw, 4rem); line-height: 1.1; font-weight: 800; margin: 0;
          font-variant-numeric: tabular-nums; white-space: nowrap;
        }
        .sentence { font-size: 1.15rem; font-weight: 600; margin: 0.4rem 0; }
        .warnings {
          border-left: 0.35rem solid var(--warn); background: var(--warn-bg); border-radius: 0.4rem;
          padding: 0.4rem 0.8rem; margin: 0.6rem 0;
        }
        .warnings h3 { font-size: 1rem; margin: 0.2rem 0; }
        .warnings ul, #ride-warnings { margin: 0.2rem 0; padding-left: 1.1rem; }
        .warnings li { margin: 0.25rem 0; }
        .impossible {
          background: var(--banner); color: var(--on-banner); border-radius: 0.6rem;
          padding: 0.8rem 1rem; margin: 0.6rem 0; font-size: 1.2rem; font-weight: 600;
        }
        .impossible-heading { font-size: 1.5rem; font-weight: 800; }
        .visually-hidden {
          position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
        }
        .at { display: grid; grid-template-columns: 1fr; gap: 0.4rem; margin: 0.6rem 0; }
        select {
          font: inherit; color: var(--fg); background: var(--bg); border: 2px solid var(--accent);
          border-radius: 0.6rem; padding: 0.5rem; min-height: 2.9rem;
        }
        button {
          font: inherit; color: var(--fg); background: transparent; border: 2px solid var(--accent);
          border-radius: 0.6rem; padding: 0.55rem 0.8rem; min-height: 2.9rem; cursor: pointer;
        }
        button:focus-visible { outline: 3px solid var(--fg); outline-offset: 2px; }
        button[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); }
        button:disabled { opacity: 0.55; cursor: default; }
        .languages { display: flex; gap: 0.5rem; margin: 0.4rem 0; }
        .start {
          display: block; width: 100%; min-height: 6rem; margin: 0.8rem 0;
          font-size: 1.5rem; font-weight: 700; background: var(--accent); color: var(--on-accent);
        }
        #banner {
          background: var(--banner); color: var(--on-banner); border-radius: 0.6rem;
          padding: 0.8rem 1rem; margin: 0.6rem 0; font-size: 1.3rem; font-weight: 700;
          position: sticky; top: 0.5rem; z-index: 1; box-shadow: 0 0.2rem 0.6rem rgba(0, 0, 0, 0.35);
        }
        @media (prefers-reduced-motion: no-preference) {
          #banner { animation: pulse 1s ease-in-out 3; }
          @keyframes pulse { 50% { transform: scale(1.03); } }
        }
        .figures { display: grid; grid-template-columns: 1fr 1fr; gap: 0.4rem 1rem; margin: 0.6rem 0; }
        .figures p { min-width: 0; margin: 0; }
        .figures p:first-child { grid-column: 1 / -1; }
        .figures .label { display: block; color: var(--muted); font-size: 0.9rem; }
        .figures .value { display: block; font-weight: 600; font-size: 1.05rem; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
        .sound { width: 100%; margin: 0.4rem 0; font-weight: 700; }
        .controls { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5rem; margin: 0.8rem 0; }
        ol { list-style: none; padding: 0; margin: 0; }
        #route li {
          display: flex; justify-content: space-between; gap: 0.75rem; padding: 0.3rem 0 0.3rem 0.7rem;
          border-left: 0.35rem solid var(--leg, var(--line)); border-bottom: 1px solid var(--line);
        }
        #route li.leg { font-weight: 700; border-bottom: none; padding-top: 0.7rem; }
        #route li.walk { font-style: italic; border-left-style: dotted; }
        #route li.passed { color: var(--passed); }
        #route li.next { font-weight: 700; }
        #route .time { font-variant-numeric: tabular-nums; white-space: nowrap; }
        footer { margin-top: 1.5rem; }
        @media (max-width: 359px) {
          body { font-size: 1rem; }
          .figures, .controls { grid-template-columns: 1fr; }
        }
        @media (orientation: landscape) and (min-width: 560px) {
          main { max-width: 64rem; display: grid; grid-template-columns: 1fr 1fr; gap: 0 2rem; }
          header, #banner, footer { grid-column: 1 / -1; }
          .start { min-height: 4rem; }
        }

        """#
}
