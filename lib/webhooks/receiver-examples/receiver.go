// A webhook receiver on Go's standard library. Run: WEBHOOK_SECRET=whsec_… PORT=4000 go run receiver.go
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"sync"
	"time"
)

const maxAge = 5 * time.Minute

var (
	secret = []byte(os.Getenv("WEBHOOK_SECRET"))
	mu     sync.Mutex
	seen   = map[string]bool{} // event ids already processed; use a table with a unique key in production
)

func validSignature(rawBody []byte, header string) bool {
	mac := hmac.New(sha256.New, secret)
	mac.Write(rawBody)
	expected := []byte(hex.EncodeToString(mac.Sum(nil)))
	// hmac.Equal is constant time; check the length first all the same.
	return len(header) == len(expected) && hmac.Equal([]byte(header), expected)
}

func handleWebhook(w http.ResponseWriter, r *http.Request) {
	rawBody, err := io.ReadAll(r.Body) // the exact bytes that were signed
	if err != nil || !validSignature(rawBody, r.Header.Get("x-service-signature")) {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	var event struct {
		ID     string `json:"id"`
		Event  string `json:"event"`
		SentAt string `json:"sent_at"`
	}
	json.Unmarshal(rawBody, &event) // a body that is not an envelope leaves sent_at empty, so stale below
	sentAt, _ := time.Parse(time.RFC3339Nano, event.SentAt)
	if age := time.Since(sentAt); age > maxAge || age < -maxAge { // an unreadable sent_at is a zero time
		http.Error(w, "stale sent_at", http.StatusBadRequest)
		return
	}
	mu.Lock()
	duplicate := seen[event.ID]
	seen[event.ID] = true
	mu.Unlock()
	if !duplicate {
		fmt.Printf("accepted %s %s\n", event.ID, event.Event) // your processing goes here
	}
	fmt.Fprint(w, "ok")
}

func main() {
	if len(secret) == 0 {
		log.Fatal("Set WEBHOOK_SECRET to your application's webhook secret")
	}
	http.HandleFunc("/webhooks", handleWebhook)
	port := os.Getenv("PORT")
	if port == "" {
		port = "4000"
	}
	log.Fatal(http.ListenAndServe(":"+port, nil))
}
