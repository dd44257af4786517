import { useNavigation } from 'react-router';

/** A thin gold bar at the top of the window while the next route (or its code) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-gold-400/25">
      <div className="h-full w-2/5 animate-progress bg-gold-400 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
