package modelserver

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"
)

func TestZZScratch(t *testing.T) {
	dir := os.Getenv("SCRATCH_DIR")
	if dir == "" {
		t.Skip()
	}
	s := Start(t)
	var turns []Turn
	if b, err := os.ReadFile(dir + "/turns.json"); err == nil {
		if err := json.Unmarshal(b, &turns); err != nil {
			t.Fatal(err)
		}
	}
	s.Script(turns...)
	os.WriteFile(dir+"/url", []byte(s.URL()), 0o644)
	seen := 0
	for i := 0; i < 3000; i++ {
		if _, err := os.Stat(dir + "/stop"); err == nil {
			break
		}
		rs := s.Requests()
		for ; seen < len(rs); seen++ {
			r := rs[seen]
			os.WriteFile(fmt.Sprintf("%s/req-%03d-%v.json", dir, seen, r.Generation), r.Body, 0o644)
			f, _ := os.OpenFile(dir+"/log", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			fmt.Fprintf(f, "%s %d %v %s %s\n", r.At.Format("15:04:05.000"), seen, r.Generation, r.Method, r.Path)
			f.Close()
		}
		time.Sleep(200 * time.Millisecond)
	}
}
