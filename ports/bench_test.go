package ports

import (
	"context"
	"os"
	"testing"

	"amux.dev/amux/config/atomicfile"
)

// BenchmarkReserve1000 measures Reserve with 1,000 reservations on file:
// "committed" returns an existing interval (the lock-free read path every
// re-spawn takes); "mint" commits a new one (flock, validate, sweep,
// encode, fsync+rename). The file is reset before each mint so it stays at
// 1,000 entries.
func BenchmarkReserve1000(b *testing.B) {
	const n = 1000
	s := Settings{Start: 10000, End: 60000, Size: 10}
	doc := &document{Version: schemaVersion}
	for i := range n {
		doc.Reservations = append(doc.Reservations, entry{
			Owner: workspaceID(i), Start: s.Start + i*s.Size, Size: s.Size, Created: timeNow(), Settings: s,
		})
	}
	seed, err := encode(doc)
	if err != nil {
		b.Fatal(err)
	}
	home := stateHome(b)
	r := newRegistry(b, home, s)
	if err := atomicfile.WriteFile(r.Path(), seed, filePerm); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()

	b.Run("committed", func(b *testing.B) {
		i := 0
		for b.Loop() {
			if _, err := r.Reserve(ctx, workspaceID(i%n)); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	// mint: a running instance whose cache holds the current file.
	// mint-cold: the file changed since this process last read it (another
	// instance wrote), so the 1,000 entries are parsed and validated again.
	for _, cold := range []bool{false, true} {
		name := "mint"
		if cold {
			name = "mint-cold"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				if err := os.WriteFile(r.Path(), seed, filePerm); err != nil {
					b.Fatal(err)
				}
				r.cache.store(nil, doc)
				if !cold {
					if _, err := r.read(); err != nil {
						b.Fatal(err)
					}
				}
				b.StartTimer()
				got, err := r.Reserve(ctx, "new-workspace")
				if err != nil || got.Start != s.Start+n*s.Size {
					b.Fatalf("mint = %+v, %v", got, err)
				}
			}
		})
	}
}
