/// The ebtokens release. Part of every build fingerprint, so an upgraded
/// ebtokens never trusts what an older one generated.
public enum EBTokensVersion {
  public static let current = "0.1.0"
}
