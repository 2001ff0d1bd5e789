import { Box, Loader } from '@mantine/core';

/**
 * A full-screen loader over a list while it fetches (SPEC 2.6). Plain CSS rather than LoadingOverlay, whose Overlay
 * shares a bundle chunk with Mantine's modal machinery.
 */
export function BusyOverlay({ visible, label }: { visible: boolean; label: string }) {
  if (!visible) return null;
  return (
    <Box
      role="status"
      aria-label={label}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 300,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'color-mix(in srgb, var(--mantine-color-body) 55%, transparent)',
        backdropFilter: 'blur(1px)',
      }}
    >
      <Loader />
    </Box>
  );
}
