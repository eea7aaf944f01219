extension CallView {
  /// A stream end's short name for tables and headings, `subscriber.jsonl sub-a`: its dump's
  /// file name when no other dump of the view has the same one, else the dump's whole source
  /// (path), then the peer connection.
  public func name(of reference: EndpointReference) -> String {
    let source = dumps[reference.dump].source
    let base = Self.fileName(source)
    let isUnique = dumps.indices.allSatisfy {
      $0 == reference.dump || Self.fileName(dumps[$0].source) != base
    }
    return (isUnique ? base : source) + " " + reference.peerConnection
  }

  /// The last component of `path` (the whole path when it has no `/`).
  private static func fileName(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
  }
}
