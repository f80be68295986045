/**
 * Styles of the capture screens: the viewfinder (camera or review photo), the guide overlays, the
 * coaching line and the placeholder while the camera starts.
 */
import { css } from 'lit';

/** The viewfinder, its overlays, the coaching line and the camera placeholder. */
export const captureStyles = css`
  .viewfinder {
    position: relative;
    overflow: hidden;
    width: 100%;
    aspect-ratio: 4 / 3;
    border-radius: var(--idv-radius-control);
    background: var(--idv-color-viewfinder);
    isolation: isolate;
  }

  .viewfinder.selfie {
    aspect-ratio: 3 / 4;
  }

  .viewfinder video,
  .viewfinder img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }

  .viewfinder.mirrored video {
    transform: scaleX(-1);
  }

  .overlay {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    pointer-events: none;
  }

  .overlay .mask {
    fill: rgb(8 10 14 / 0.55);
  }

  .overlay .guide {
    fill: none;
    stroke: rgb(255 255 255 / 0.9);
    stroke-width: 0.6;
    transition: stroke var(--idv-transition);
  }

  .overlay .guide.good {
    stroke: #3ddc84;
    stroke-width: 0.9;
  }

  .overlay .quad {
    fill: rgb(61 220 132 / 0.12);
    stroke: #3ddc84;
    stroke-width: 0.5;
    stroke-linejoin: round;
  }

  .overlay .hold {
    fill: none;
    stroke: #3ddc84;
    stroke-width: 1.2;
    stroke-linecap: round;
    transition: stroke-dashoffset 120ms linear;
  }

  .coach {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0.875rem;
    width: fit-content;
    max-width: calc(100% - 1.5rem);
    margin: 0 auto;
    padding: 0.5rem 0.875rem;
    border-radius: 999px;
    background: rgb(12 14 18 / 0.78);
    color: #ffffff;
    font-size: 0.925rem;
    font-weight: 600;
    text-align: center;
    backdrop-filter: blur(6px);
  }

  .coach.good {
    background: #15803d;
  }

  .placeholder {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    align-content: center;
    gap: 0.75rem;
    color: rgb(255 255 255 / 0.85);
    font-size: 0.925rem;
  }

  @media (prefers-reduced-motion: reduce) {
    .overlay .guide,
    .overlay .hold {
      transition: none;
    }
  }
`;
