import Testing

@testable import RTCStatsReport

/// Digests from FIPS 180-4's examples and `hashlib.sha256`; base64 from RFC 4648 §10.
@Suite struct DigestTests {
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      let digits = String(byte, radix: 16)
      return byte < 16 ? "0" + digits : digits
    }.joined()
  }

  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func sha256MatchesTheStandardsExamples(_ message: String, _ digest: String) {
    #expect(Self.hex(SHA256.digest(Array(message.utf8))) == digest)
  }

  /// Lengths around the 56- and 64-byte padding boundaries.
  @Test(arguments: [
    (55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
    (56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
    (63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
    (64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
    (65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"),
  ])
  func sha256PadsEveryLength(_ count: Int, _ digest: String) {
    #expect(Self.hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "x"), count: count))) == digest)
  }

  @Test func sha256OfAMillionBytes() {
    let digest = SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
    #expect(Self.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
    ("foobar", "Zm9vYmFy"),
  ])
  func base64MatchesRFC4648(_ input: String, _ encoded: String) {
    #expect(ContentSecurityPolicy.base64(Array(input.utf8)) == encoded)
  }
}
