package ports

import "slices"

// lowestFree returns the lowest start p >= s.Start such that
// [p, p+s.Size-1] ends at or below s.End and overlaps none of taken. The
// taken intervals may come from any settings history, so nothing here
// assumes alignment to s.Start or s.Size. ok is false when nothing fits.
func lowestFree(s Settings, taken []Reservation) (start int, ok bool) {
	sorted := slices.Clone(taken)
	slices.SortFunc(sorted, func(a, b Reservation) int { return a.Start - b.Start })
	p := s.Start
	for _, t := range sorted {
		if t.End() < p {
			continue
		}
		if t.Start > p+s.Size-1 {
			break // the gap before t holds the interval
		}
		p = t.End() + 1
	}
	if p+s.Size-1 > s.End {
		return 0, false
	}
	return p, true
}

func reservationsOf(es []entry) []Reservation {
	out := make([]Reservation, len(es))
	for i, e := range es {
		out[i] = e.reservation()
	}
	return out
}
