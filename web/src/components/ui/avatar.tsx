/** A user's picture; the services always send one (a default image when the user set none). */
export function Avatar({ src, name, size = 'size-10' }: { src: string; name: string; size?: string }) {
  return <img src={src} alt={name} className={`${size} shrink-0 rounded-full bg-slate-200 object-cover`} />;
}
