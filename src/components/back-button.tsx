import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

/** Back to the previous page, or to `fallback` when the form was opened directly (a fresh tab, a shared link). */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    const hasHistory = (window.history.state as { idx?: number } | null)?.idx;
    if (hasHistory) navigate(-1);
    else navigate(fallback);
  };
  return (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={goBack}>
      Back
    </Button>
  );
}
