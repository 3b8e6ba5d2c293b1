export default function GamesPage() {
  return null;
}
