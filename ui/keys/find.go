package keys

// Find returns the first of ids whose keys include k: how a component
// with many actions matches a key press against its own actions only.
func (m Map) Find(k string, ids ...ActionID) (ActionID, bool) {
	for _, id := range ids {
		if m.Is(id, k) {
			return id, true
		}
	}
	return "", false
}
